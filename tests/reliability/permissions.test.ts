import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, coupons, passes, promoCodes, sessions } from '#server/db/schema.ts';
import {
  createTestContext,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { apiEndpoints } from './api-surface.ts';
import { seededBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';

/**
 * Every endpoint × every kind of caller, in one table: the expected status, and no answer
 * that leaks a redemption code, a password hash, a session id or another member's data.
 */
type Caller = 'anonymous' | 'noPass' | 'withPass' | 'other' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'noPass', 'withPass', 'other', 'admin'];

interface Row {
  method: string;
  /** The OpenAPI path this row covers. */
  path: string;
  url: () => string;
  body?: () => unknown;
  expected: Record<Caller, number>;
  /** Callers in this order (state-changing rows put the owner last). */
  order?: Caller[];
  /** An event stream: its first message is the body checked, then it is left. */
  stream?: true;
}

let ctx: TestContext;
const clients = {} as Record<Caller, TestClient>;
const emails = {} as Record<Caller, string>;
let challengeId: number;
let shopId: number;
let ownCouponId: number;
let ownCouponCode: string;
let checkoutSessionId: string;
let newShopId = 0;
let drawId = 0;
let milestoneId = 0;
/** The claim the transfer row makes last: the organizer's. */
let claimId = 0;
/** The private link token the organizer's row issues for the seeded shop. */
let shopToken = '';

beforeAll(async () => {
  ctx = await createTestContext();
  challengeId = (await seededBattle(ctx)).id;
  clients.anonymous = new TestClient(ctx.app);
  emails.anonymous = 'nobody@example.com';
  for (const caller of ['noPass', 'withPass', 'other'] as const) {
    const username = `perm_${caller}`;
    clients[caller] = (
      caller === 'noPass'
        ? await signedInMember(ctx.app, username)
        : await signedInPassHolder(ctx, challengeId, username)
    ).client;
    emails[caller] = `${username}@example.com`;
  }
  const admin = await signedInAdmin(ctx.app, ctx.db);
  clients.admin = admin.client;
  emails.admin = `${admin.user.username}@example.com`;

  const [holderPass] = await ctx.db
    .select()
    .from(passes)
    .where(eq(passes.userId, (await clients.withPass.get('/api/user')).json<{ id: number }>().id));
  const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.passId, holderPass!.id));
  ownCouponId = coupon!.id;
  const [shop] = await ctx.db
    .select()
    .from(businesses)
    .where(eq(businesses.id, coupon!.businessId));
  ownCouponCode = shop!.redemptionCode;
  shopId = shop!.id;
  const checkout = await clients.noPass.post('/api/create-checkout-session');
  checkoutSessionId = new URL(checkout.json<{ url: string }>().url, 'http://x').pathname
    .split('/')
    .at(-1)!;
  await ctx.db.insert(promoCodes).values({ challengeId, code: 'MATRIX-PROMO', percentOff: 10 });
}, 120_000);
afterAll(() => ctx.close());

const all = (status: number) =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, number>;
const adminOnly = (status: number) => ({
  anonymous: 401,
  noPass: 403,
  withPass: 403,
  other: 403,
  admin: status,
});
const passHolders = (status: number) => ({
  anonymous: 401,
  noPass: 404,
  withPass: status,
  other: status,
  admin: 404,
});
const ownerOnly = (owner: Caller, status: number, others = 404) =>
  ({ ...all(others), anonymous: 401, [owner]: status }) as Record<Caller, number>;
const ownerLast = (owner: Caller) => [...CALLERS.filter((caller) => caller !== owner), owner];

const rows: Row[] = [
  { method: 'GET', path: '/api/health', url: () => '/api/health', expected: all(200) },
  { method: 'GET', path: '/api/health/live', url: () => '/api/health/live', expected: all(200) },
  { method: 'GET', path: '/api/health/ready', url: () => '/api/health/ready', expected: all(200) },
  { method: 'GET', path: '/api/config', url: () => '/api/config', expected: all(200) },
  {
    method: 'GET',
    path: '/api/challenge/active',
    url: () => '/api/challenge/active',
    expected: all(200),
  },
  { method: 'GET', path: '/api/challenges', url: () => '/api/challenges', expected: all(200) },
  { method: 'GET', path: '/api/businesses', url: () => '/api/businesses', expected: all(200) },
  {
    method: 'GET',
    path: '/api/businesses/{id}',
    url: () => `/api/businesses/${shopId}`,
    expected: all(200),
  },
  { method: 'GET', path: '/api/votes', url: () => '/api/votes', expected: all(200) },
  {
    method: 'GET',
    path: '/api/votes/stream',
    url: () => '/api/votes/stream',
    expected: all(200),
    stream: true,
  },
  // docs/RULES.md rule 17: nothing of the running battle's result is published to anyone.
  {
    method: 'GET',
    path: '/api/challenges/{id}/results',
    url: () => `/api/challenges/${challengeId}/results`,
    expected: all(409),
  },
  {
    method: 'GET',
    path: '/api/challenges/{id}/votes.csv',
    url: () => `/api/challenges/${challengeId}/votes.csv`,
    expected: all(409),
  },
  {
    method: 'GET',
    path: '/api/user',
    url: () => '/api/user',
    expected: { ...all(200), anonymous: 401 },
  },
  { method: 'GET', path: '/api/session', url: () => '/api/session', expected: all(200) },
  // docs/decisions/0039: each member downloads their own data; deleting needs the password (a
  // wrong one here, so nobody is deleted).
  {
    method: 'GET',
    path: '/api/user/export',
    url: () => '/api/user/export',
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/user/delete',
    url: () => '/api/user/delete',
    body: () => ({ password: 'wrong-password' }),
    expected: { ...all(400), anonymous: 401 },
  },
  // docs/decisions/0048: each member saves their own language, nobody else's.
  {
    method: 'PUT',
    path: '/api/user/language',
    url: () => '/api/user/language',
    body: () => ({ language: 'es' }),
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'GET',
    path: '/api/admin/challenges',
    url: () => '/api/admin/challenges',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/challenges',
    url: () => '/api/admin/challenges',
    body: () => ({
      title: 'Matrix',
      description: 'd',
      theme: 'coffee',
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      price: 20,
      active: false,
    }),
    expected: adminOnly(201),
  },
  {
    method: 'PATCH',
    path: '/api/admin/challenges/{id}',
    url: () => `/api/admin/challenges/${challengeId}`,
    body: () => ({ title: 'Huntsville Coffee Battles' }),
    expected: adminOnly(200),
  },
  // Prize draws (docs/RULES.md rule 19): organizers commit before the end; the list is public,
  // entries and reveal wait for the end.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/draws',
    url: () => `/api/admin/challenges/${challengeId}/draws`,
    body: () => ({ prize: 'Matrix mug', winnerCount: 1, entries: 'coupons' }),
    expected: adminOnly(201),
  },
  // The explorer board (docs/decisions/0047): public; each member sets only their own switch.
  {
    method: 'GET',
    path: '/api/challenges/{id}/explorers',
    url: () => `/api/challenges/${challengeId}/explorers`,
    expected: all(200),
  },
  {
    method: 'GET',
    path: '/api/user/explorer',
    url: () => '/api/user/explorer',
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'PUT',
    path: '/api/user/explorer',
    url: () => '/api/user/explorer',
    body: () => ({ optIn: false }),
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/draws',
    url: () => `/api/admin/challenges/${challengeId}/draws`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/challenges/{id}/draws',
    url: () => `/api/challenges/${challengeId}/draws`,
    expected: all(200),
  },
  {
    method: 'POST',
    path: '/api/admin/draws/{id}/reveal',
    url: () => `/api/admin/draws/${drawId}/reveal`,
    expected: adminOnly(409),
  },
  {
    method: 'GET',
    path: '/api/draws/{id}/entries.csv',
    url: () => `/api/draws/${drawId}/entries.csv`,
    expected: all(409),
  },
  // Organizer messages (docs/decisions/0025-organizer-mail.md): organizers only.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/messages',
    url: () => `/api/admin/challenges/${challengeId}/messages`,
    body: () => ({ subject: 'Matrix', text: 'Hello', audience: 'all' }),
    expected: adminOnly(202),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/messages',
    url: () => `/api/admin/challenges/${challengeId}/messages`,
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/messages/test',
    url: () => `/api/admin/challenges/${challengeId}/messages/test`,
    body: () => ({ subject: 'Matrix test', text: 'Hello' }),
    expected: adminOnly(202),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/messages/audiences',
    url: () => `/api/admin/challenges/${challengeId}/messages/audiences`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/profile/mail-preferences',
    url: () => '/api/profile/mail-preferences',
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'PUT',
    path: '/api/profile/mail-preferences',
    url: () => '/api/profile/mail-preferences',
    body: () => ({ organizerMail: true }),
    expected: { ...all(200), anonymous: 401 },
  },
  // Anyone may ask, but only before passes go on sale: this battle is running.
  {
    method: 'POST',
    path: '/api/challenges/{id}/sale-alerts',
    url: () => `/api/challenges/${challengeId}/sale-alerts`,
    body: () => ({ email: 'matrix-fan@example.com' }),
    expected: all(400),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/businesses',
    url: () => `/api/admin/challenges/${challengeId}/businesses`,
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/businesses',
    url: () => '/api/admin/businesses',
    body: () => ({
      challengeId,
      name: 'Matrix Shop',
      description: 'd',
      address: '1 Main St',
      position: 9,
    }),
    expected: adminOnly(201),
  },
  {
    method: 'PATCH',
    path: '/api/admin/businesses/{id}',
    url: () => `/api/admin/businesses/${newShopId}`,
    body: () => ({ phone: '555' }),
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/businesses/{id}/shop-link',
    url: () => `/api/admin/businesses/${shopId}/shop-link`,
    expected: adminOnly(201),
  },
  // The token is the only key: whoever holds it, signed in or not, sees that one shop.
  {
    method: 'GET',
    path: '/api/shop/{token}',
    url: () => `/api/shop/${shopToken}`,
    expected: all(200),
  },
  {
    method: 'POST',
    path: '/api/shop/{token}/pause',
    url: () => `/api/shop/${shopToken}/pause`,
    body: () => ({ paused: false }),
    expected: all(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/businesses/{id}/shop-link',
    url: () => `/api/admin/businesses/${shopId}/shop-link`,
    expected: adminOnly(204),
  },
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/businesses/import',
    url: () => `/api/admin/challenges/${challengeId}/businesses/import`,
    body: () => ({ csv: 'name,address,description\nMatrix Import,1 Main St,d', commit: false }),
    expected: adminOnly(200),
  },
  // docs/decisions/0038: backups are the organizer's alone (the token of `npm run backup` aside).
  {
    method: 'GET',
    path: '/api/admin/backups',
    url: () => '/api/admin/backups',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/backups',
    url: () => '/api/admin/backups',
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/settlement',
    url: () => `/api/admin/challenges/${challengeId}/settlement`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/settlement.csv',
    url: () => `/api/admin/challenges/${challengeId}/settlement.csv`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/votes.csv',
    url: () => `/api/admin/challenges/${challengeId}/votes.csv`,
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/businesses/{id}',
    url: () => `/api/admin/businesses/${newShopId}`,
    expected: adminOnly(204),
  },
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    url: () => '/api/admin/dashboard',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/leaderboard',
    url: () => `/api/admin/leaderboard?challengeId=${challengeId}`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/passes/challenge/{challengeId}',
    url: () => `/api/passes/challenge/${challengeId}`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/user/pass',
    url: () => '/api/user/pass',
    expected: passHolders(200),
  },
  // The wallets are off on this test site (docs/decisions/0043): their routes answer 404.
  {
    method: 'GET',
    path: '/api/user/pass/wallet.pkpass',
    url: () => '/api/user/pass/wallet.pkpass',
    expected: passHolders(404),
  },
  {
    method: 'GET',
    path: '/api/user/pass/google-wallet',
    url: () => '/api/user/pass/google-wallet',
    expected: passHolders(404),
  },
  {
    method: 'POST',
    path: '/api/passkit/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
    url: () => `/api/passkit/v1/devices/device1/registrations/pass.test.x/${'0'.repeat(48)}`,
    body: () => ({ pushToken: 'ab' }),
    expected: all(404),
  },
  {
    method: 'DELETE',
    path: '/api/passkit/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
    url: () => `/api/passkit/v1/devices/device1/registrations/pass.test.x/${'0'.repeat(48)}`,
    expected: all(404),
  },
  {
    method: 'GET',
    path: '/api/passkit/v1/devices/{deviceId}/registrations/{passTypeId}',
    url: () => '/api/passkit/v1/devices/device1/registrations/pass.test.x',
    expected: all(404),
  },
  {
    method: 'GET',
    path: '/api/passkit/v1/passes/{passTypeId}/{serial}',
    url: () => `/api/passkit/v1/passes/pass.test.x/${'0'.repeat(48)}`,
    expected: all(404),
  },
  {
    method: 'POST',
    path: '/api/passkit/v1/log',
    url: () => '/api/passkit/v1/log',
    body: () => ({ logs: [] }),
    expected: all(404),
  },
  {
    method: 'GET',
    path: '/api/user/coupons',
    url: () => '/api/user/coupons',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/progress',
    url: () => '/api/user/progress',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/available-votes',
    url: () => '/api/user/available-votes',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/draws',
    url: () => '/api/user/draws',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/own-votes',
    url: () => '/api/user/own-votes',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/voted-businesses',
    url: () => '/api/user/voted-businesses',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/user/visited-businesses',
    url: () => '/api/user/visited-businesses',
    expected: passHolders(200),
  },
  {
    method: 'GET',
    path: '/api/businesses/coupon/{couponId}',
    url: () => `/api/businesses/coupon/${ownCouponId}`,
    expected: ownerOnly('withPass', 200),
  },
  {
    method: 'POST',
    path: '/api/coupons/{id}/redeem',
    url: () => `/api/coupons/${ownCouponId}/redeem`,
    body: () => ({ redemptionCode: ownCouponCode }),
    expected: ownerOnly('withPass', 200),
    order: ownerLast('withPass'),
  },
  // The holder's redemption above leaves the shop owed at least $5: the organizer pays $1 of it.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/payouts',
    url: () => `/api/admin/challenges/${challengeId}/payouts`,
    body: () => ({ shopId, amountDollars: 1, note: 'Matrix payout' }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/payouts',
    url: () => `/api/admin/challenges/${challengeId}/payouts`,
    expected: adminOnly(200),
  },
  // Who may void: the organizer alone (a payout of no such id is theirs to be told is missing).
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/payouts/{payoutId}/void',
    url: () => `/api/admin/challenges/${challengeId}/payouts/999999/void`,
    body: () => ({ reason: 'Matrix void' }),
    expected: adminOnly(404),
  },
  // The holder has one vote now; the other member none yet (409: nothing to spend).
  {
    method: 'POST',
    path: '/api/vote',
    url: () => '/api/vote',
    body: () => ({ businessId: shopId }),
    expected: { ...passHolders(200), other: 409 },
  },
  {
    method: 'POST',
    path: '/api/reset-votes',
    url: () => '/api/reset-votes',
    expected: passHolders(200),
  },
  // Promo codes (docs/decisions/0044): the organizer's code, applied to the open sandbox session.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/promo-codes',
    url: () => `/api/admin/challenges/${challengeId}/promo-codes`,
    body: () => ({ code: 'MATRIX-P1', percentOff: 20 }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/promo-codes',
    url: () => `/api/admin/challenges/${challengeId}/promo-codes`,
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/sandbox/checkout/{sessionId}/promo',
    url: () => `/api/sandbox/checkout/${checkoutSessionId}/promo`,
    body: () => ({ code: 'MATRIX-PROMO' }),
    expected: ownerOnly('noPass', 200),
  },
  {
    method: 'GET',
    path: '/api/sandbox/checkout/{sessionId}',
    url: () => `/api/sandbox/checkout/${checkoutSessionId}`,
    expected: ownerOnly('noPass', 200),
  },
  {
    method: 'GET',
    path: '/api/verify-checkout',
    url: () => `/api/verify-checkout?session_id=${checkoutSessionId}`,
    expected: { ...ownerOnly('noPass', 200), anonymous: 200 },
  },
  {
    method: 'POST',
    path: '/api/sandbox/checkout/{sessionId}',
    url: () => `/api/sandbox/checkout/${checkoutSessionId}`,
    body: () => ({ action: 'cancel' }),
    expected: ownerOnly('noPass', 200),
    order: ownerLast('noPass'),
  },
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    url: () => '/api/create-checkout-session',
    expected: { anonymous: 401, noPass: 200, withPass: 409, other: 409, admin: 200 },
  },
  // Sandbox mode: there is no webhook to call.
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    url: () => '/api/stripe/webhook',
    body: () => ({ type: 'checkout.session.completed' }),
    expected: all(404),
  },
  {
    method: 'POST',
    path: '/api/testing/create-pass',
    url: () => '/api/testing/create-pass',
    expected: { anonymous: 401, noPass: 201, withPass: 409, other: 409, admin: 201 },
  },
  // Sandbox mode: the mailbox holds everyone's reset links, so it answers organizers only.
  // Passes for other people (docs/RULES.md rule 24), after every row that needs a member's pass:
  // a transfer takes each unused one (the test passes made above, and that of 'other'; the holder
  // above redeemed, so theirs stays), and the organizer's claim, made last, is linked and sent.
  {
    method: 'GET',
    path: '/api/user/claims',
    url: () => '/api/user/claims',
    expected: { ...all(200), anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/claims/redeem',
    url: () => '/api/claims/redeem',
    body: () => ({ token: 'a'.repeat(43) }),
    expected: { ...all(404), anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/user/pass/transfer',
    url: () => '/api/user/pass/transfer',
    expected: { anonymous: 401, noPass: 201, withPass: 409, other: 201, admin: 201 },
  },
  {
    method: 'POST',
    path: '/api/user/claims/{id}/link',
    url: () => `/api/user/claims/${claimId}/link`,
    expected: ownerOnly('admin', 200),
  },
  {
    method: 'POST',
    path: '/api/user/claims/{id}/send',
    url: () => `/api/user/claims/${claimId}/send`,
    body: () => ({ email: 'friend@example.com' }),
    expected: ownerOnly('admin', 204),
  },
  // The organizer's claim is a pass given away, not an order's: nothing to refund (409).
  {
    method: 'POST',
    path: '/api/user/claims/{id}/refund',
    url: () => `/api/user/claims/${claimId}/refund`,
    expected: ownerOnly('admin', 409),
  },
  // Vouchers (docs/RULES.md rule 24): the organizer's code gives a free pass to each member without
  // one; after the transfers above only 'withPass' still holds a pass.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/vouchers',
    url: () => `/api/admin/challenges/${challengeId}/vouchers`,
    body: () => ({ code: 'MATRIX-1', tag: 'press', maxUses: 10 }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/vouchers',
    url: () => `/api/admin/challenges/${challengeId}/vouchers`,
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/vouchers/redeem',
    url: () => '/api/vouchers/redeem',
    body: () => ({ code: 'MATRIX-1' }),
    expected: { anonymous: 401, noPass: 201, withPass: 409, other: 201, admin: 201 },
  },
  // Milestones and rewards (docs/decisions/0046): the seeded battle runs, so its tier stays put.
  {
    method: 'POST',
    path: '/api/admin/challenges/{id}/milestones',
    url: () => `/api/admin/challenges/${challengeId}/milestones`,
    body: () => ({ shops: 1, reward: 'matrix sticker', stock: 5 }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/milestones',
    url: () => `/api/admin/challenges/${challengeId}/milestones`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/challenges/{id}/milestones',
    url: () => `/api/challenges/${challengeId}/milestones`,
    expected: all(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/milestones/{id}',
    url: () => `/api/admin/milestones/${milestoneId}`,
    body: () => ({ shops: 1, reward: 'matrix sticker', stock: 6 }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/milestones/{id}',
    url: () => `/api/admin/milestones/${milestoneId}`,
    expected: adminOnly(409),
  },
  {
    method: 'GET',
    path: '/api/admin/rewards',
    url: () => '/api/admin/rewards?search=perm_',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/rewards/collect',
    url: () => '/api/admin/rewards/collect',
    body: () => ({ pickupCode: 'ZZZZZZ' }),
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/challenges/{id}/rewards.csv',
    url: () => `/api/admin/challenges/${challengeId}/rewards.csv`,
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/sandbox/mailbox',
    url: () => '/api/sandbox/mailbox?to=matrix-nobody@example.com',
    expected: { anonymous: 401, noPass: 403, withPass: 403, other: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/password-reset/request',
    url: () => '/api/password-reset/request',
    body: () => ({ email: `matrix_${Math.random().toString(36).slice(2, 8)}@example.com` }),
    expected: all(202),
  },
  {
    method: 'POST',
    path: '/api/password-reset/confirm',
    url: () => '/api/password-reset/confirm',
    body: () => ({ token: 'not-a-token', password: 'password123' }),
    expected: all(400),
  },
  // A wrong current password: refused for every member, and nothing is mailed.
  {
    method: 'POST',
    path: '/api/email-change/request',
    url: () => '/api/email-change/request',
    body: () => ({
      newEmail: `matrix_${Math.random().toString(36).slice(2, 8)}@example.com`,
      currentPassword: 'wrong-password',
    }),
    expected: { ...all(400), anonymous: 401 },
  },
  {
    method: 'POST',
    path: '/api/email-change/confirm',
    url: () => '/api/email-change/confirm',
    body: () => ({ token: 'not-a-token' }),
    expected: all(400),
  },
  {
    method: 'POST',
    path: '/api/email-change/preview',
    url: () => '/api/email-change/preview',
    body: () => ({ token: 'not-a-token' }),
    expected: all(404),
  },
  // Accounts last: they change who each client is.
  {
    method: 'POST',
    path: '/api/login',
    url: () => '/api/login',
    body: () => ({ username: 'perm_withPass', password: 'wrong-password' }),
    expected: all(401),
  },
  {
    method: 'POST',
    path: '/api/register',
    url: () => '/api/register',
    body: () => ({
      username: `perm_new_${Math.random().toString(36).slice(2, 8)}`,
      email: 'new@example.com',
      fullName: 'New Member',
      password: 'password123',
    }),
    expected: all(201),
  },
  { method: 'POST', path: '/api/logout', url: () => '/api/logout', expected: all(200) },
  // Outside the API description (forms and links from emails): the token is the only authority,
  // a session none, so an unknown token is unknown to everyone.
  {
    method: 'GET',
    path: '/api/email/unsubscribe',
    url: () => `/api/email/unsubscribe?token=${'0'.repeat(64)}`,
    expected: all(303),
  },
  {
    method: 'POST',
    path: '/api/email/resubscribe',
    url: () => `/api/email/resubscribe?token=${'0'.repeat(64)}`,
    expected: all(404),
  },
];

/** The stream's text up to its first message; the stream is then dropped. */
async function firstEvent(stream: NodeJS.ReadableStream & { destroy(): void }) {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('data: ') && text.endsWith('\n\n')) break;
  }
  stream.destroy();
  return text;
}

describe('permissions matrix', () => {
  it('covers every endpoint of the API', async () => {
    const covered = new Set(rows.map((row) => `${row.method} ${row.path}`));
    const endpoints = (await apiEndpoints(ctx.app)).map(
      (endpoint) => `${endpoint.method} ${endpoint.path}`,
    );
    expect(endpoints.filter((endpoint) => !covered.has(endpoint))).toEqual([]);
  });

  it('answers every caller as expected and leaks nothing', async () => {
    const sessionIds = (await ctx.db.select({ sid: sessions.sid }).from(sessions)).map(
      (row) => row.sid,
    );
    const mismatches: string[] = [];
    const leaks: string[] = [];
    for (const row of rows) {
      for (const caller of row.order ?? CALLERS) {
        const response = await clients[caller].request({
          method: row.method,
          url: row.url(),
          ...(row.body ? { payload: row.body() as object } : {}),
          remoteAddress: `198.18.${CALLERS.indexOf(caller)}.${rows.indexOf(row)}`,
          ...(row.stream ? { payloadAsStream: true } : {}),
        });
        if (row.path === '/api/admin/businesses' && response.statusCode === 201)
          newShopId = response.json<{ id: number }>().id;
        if (row.path === '/api/user/pass/transfer' && response.statusCode === 201)
          claimId = response.json<{ id: number }>().id;
        if (row.path === '/api/admin/challenges/{id}/draws' && response.statusCode === 201)
          drawId = response.json<{ id: number }>().id;
        if (row.path === '/api/admin/challenges/{id}/milestones' && response.statusCode === 201)
          milestoneId = response.json<{ id: number }>().id;
        if (row.path === '/api/admin/businesses/{id}/shop-link' && response.statusCode === 201)
          shopToken = response.json<{ url: string }>().url.split('/shop/')[1]!;
        if (response.statusCode !== row.expected[caller]) {
          mismatches.push(
            `${row.method} ${row.path} as ${caller}: ${response.statusCode}, expected ${row.expected[caller]} (${response.body.slice(0, 100)})`,
          );
        }
        const body = row.stream ? await firstEvent(response.stream()) : response.body;
        const label = `${row.method} ${row.path} as ${caller}`;
        if (/\$argon2|password_?hash/i.test(body)) leaks.push(`${label}: password hash`);
        if (sessionIds.some((sid) => body.includes(sid))) leaks.push(`${label}: session id`);
        if (caller !== 'admin') {
          if (/redemption_?code/i.test(body)) leaks.push(`${label}: redemption code`);
          for (const [owner, email] of Object.entries(emails)) {
            if (owner !== caller && body.includes(email)) leaks.push(`${label}: ${owner}'s e-mail`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
  });
});
