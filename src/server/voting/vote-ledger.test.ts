import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, challenges, coupons, passes, type Challenge } from '#server/db/schema.ts';
import { insertChallenge } from '#tests/helpers/fixtures.ts';
import { useStripeTestApp } from '#tests/helpers/stripe-stub.ts';
import { signedInAdmin, signedInMember, TestClient } from '#tests/helpers/test-app.ts';
import { passesMissingCoupons } from '#tests/helpers/pass-holders.ts';
import { queryRows, usingPostgres } from '#tests/helpers/test-db.ts';

/**
 * The vote ledger (docs/decisions/0010): every shop's vote_count equals its counted votes (vote
 * rows of active passes for the live shop) whatever sequence of casts, resets, pass switches and
 * shop deletions happens, in parallel on PostgreSQL. Passes sold and shops added or imported
 * meanwhile leave every active pass with the coupon of every live shop (docs/RULES.md rule 7).
 */

const { ctx, stub } = useStripeTestApp({ testToolsEnabled: true });
let admin: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  anonymous = new TestClient(ctx.app);
});

let eventSequence = 0;
function postWebhook(type: string, object: Record<string, unknown>) {
  eventSequence += 1;
  const signed = stub.signedWebhook({
    id: `evt_ledger_${eventSequence}_${Date.now()}`,
    type,
    object,
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: signed.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
  });
}

const refundEvent = (paymentIntent: string) =>
  postWebhook('charge.refunded', {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    payment_intent: paymentIntent,
    refunded: true,
    amount: 2500,
    amount_refunded: 2500,
  });
const disputeOpened = (paymentIntent: string) =>
  postWebhook('charge.dispute.created', {
    id: `dp_${paymentIntent}`,
    object: 'dispute',
    payment_intent: paymentIntent,
    status: 'needs_response',
  });
const disputeClosed = (paymentIntent: string, status: 'won' | 'lost') =>
  postWebhook('charge.dispute.closed', {
    id: `dp_${paymentIntent}`,
    object: 'dispute',
    payment_intent: paymentIntent,
    status,
  });

interface Member {
  client: TestClient;
  paymentIntent: string;
  passId: number;
}

/** Registration is limited per address and app: a fresh app (same database) every few members. */
let membersOnApp = 0;
let memberApp: FastifyInstance | undefined;
async function registeredMember() {
  if (!memberApp || membersOnApp++ % 4 === 3) memberApp = await ctx.buildApp();
  const { client, user } = await signedInMember(memberApp);
  client.app = ctx.app;
  return { client, user };
}

/** Checkout, payment at the stub, then the success page: the answer that ended the purchase. */
async function buyPass(client: TestClient, challengeId: number) {
  const checkout = await client.post('/api/create-checkout-session', { challengeId });
  if (checkout.statusCode !== 200) return { answer: checkout, sessionId: undefined };
  const sessionId = checkout.json<{ url: string }>().url.split('/').at(-1)!;
  stub.complete(sessionId);
  const answer = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
  return { answer, sessionId };
}

async function payingMember(challengeId: number): Promise<Member> {
  const { client, user } = await registeredMember();
  const { answer, sessionId } = await buyPass(client, challengeId);
  expect(answer.statusCode, answer.body).toBe(200);
  const [pass] = await ctx.db.select().from(passes).where(eq(passes.userId, user.id));
  expect(pass?.challengeId).toBe(challengeId);
  return { client, paymentIntent: `pi_${sessionId}`, passId: pass!.id };
}

async function redeemAll(member: Member) {
  const rows = await ctx.db
    .select({ couponId: coupons.id, code: businesses.redemptionCode })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .where(eq(coupons.passId, member.passId));
  for (const row of rows) {
    const answer = await member.client.post(`/api/coupons/${row.couponId}/redeem`, {
      redemptionCode: row.code,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

async function newChallengeWithShops(
  shopCount: number,
): Promise<{ challenge: Challenge; shopIds: number[] }> {
  // Each world is the only active challenge, so it is the one members act in.
  await ctx.db.update(challenges).set({ active: false });
  const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { votesPerShop: null });
  const shopIds: number[] = [];
  for (let index = 0; index < shopCount; index += 1)
    shopIds.push(await addShop(challenge.id, index));
  return { challenge, shopIds };
}

async function addShop(challengeId: number, position: number): Promise<number> {
  const created = await admin.post('/api/admin/businesses', {
    challengeId,
    name: `Ledger shop ${position}`,
    description: 'A shop of the ledger test',
    address: '1 Ledger St',
    position,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

type LedgerRow = {
  id: number;
  vote_count: number;
  deleted: boolean;
  counted: number;
  vote_rows: number;
};

/** Every invariant of the ledger, read straight from the tables and through the public API. */
async function expectLedgerHolds(challengeId: number) {
  const shops = await queryRows<LedgerRow>(
    ctx.db,
    sql`
      select b.id, b.vote_count, b.deleted_at is not null as deleted,
        (select count(*) from votes v join passes p on p.id = v.pass_id
          where v.business_id = b.id and p.active)::int as counted,
        (select count(*) from votes v where v.business_id = b.id)::int as vote_rows
      from businesses b where b.challenge_id = ${challengeId} order by b.id`,
  );
  for (const shop of shops) {
    expect(shop.vote_count, `shop ${shop.id}'s counter`).toBe(shop.deleted ? 0 : shop.counted);
    if (shop.deleted) expect(shop.vote_rows, `votes left on deleted shop ${shop.id}`).toBe(0);
  }
  const overspent = await queryRows<{ id: number }>(
    ctx.db,
    sql`
      select p.id from passes p
      where p.challenge_id = ${challengeId}
        and (select count(*) from votes v where v.pass_id = p.id)
          > (select count(*) from coupons c where c.pass_id = p.id and c.redeemed)`,
  );
  expect(overspent, 'passes with more votes than redeemed coupons').toEqual([]);
  expect(
    await passesMissingCoupons(ctx.db, challengeId),
    'active passes without the coupon of a live shop',
  ).toEqual([]);

  const publicCounts = (await anonymous.get('/api/votes')).json<Record<string, number>>();
  const activeId = (await anonymous.get('/api/challenge/active')).json<{ id?: number }>().id;
  if (activeId === challengeId) {
    expect(publicCounts).toEqual(
      Object.fromEntries(
        shops.filter((shop) => !shop.deleted).map((shop) => [String(shop.id), shop.counted]),
      ),
    );
  }
}

describe('vote counters', () => {
  it('a refunded voter resetting votes leaves the other voters’ votes counted', async () => {
    const { challenge, shopIds } = await newChallengeWithShops(2);
    const [a, b] = [await payingMember(challenge.id), await payingMember(challenge.id)];
    await redeemAll(a);
    await redeemAll(b);
    for (const member of [a, b]) {
      expect((await member.client.post('/api/vote', { businessId: shopIds[0] })).statusCode).toBe(
        200,
      );
    }
    expect((await anonymous.get('/api/votes')).json()[String(shopIds[0])]).toBe(2);

    expect((await refundEvent(a.paymentIntent)).statusCode).toBe(200);
    expect((await anonymous.get('/api/votes')).json()[String(shopIds[0])]).toBe(1);

    const reset = await a.client.post('/api/reset-votes');
    expect(reset.statusCode, reset.body).toBe(403);
    expect(reset.json().message).toMatch(
      /^This pass is no longer active \(.*refunded.*\), so it cannot reset votes\.$/,
    );
    expect((await anonymous.get('/api/votes')).json()[String(shopIds[0])]).toBe(1);
    await expectLedgerHolds(challenge.id);

    // B, still active, resets: the counter goes to 0 and never below.
    expect((await b.client.post('/api/reset-votes')).statusCode).toBe(200);
    expect((await anonymous.get('/api/votes')).json()[String(shopIds[0])]).toBe(0);
    await expectLedgerHolds(challenge.id);
  });

  it('a dispute switches the pass off, a won dispute on again with its votes; a lost one and a refund do not', async () => {
    const { challenge, shopIds } = await newChallengeWithShops(2);
    const [a, b] = [await payingMember(challenge.id), await payingMember(challenge.id)];
    await redeemAll(a);
    await redeemAll(b);
    expect((await a.client.post('/api/vote', { businessId: shopIds[0] })).statusCode).toBe(200);
    expect((await a.client.post('/api/vote', { businessId: shopIds[1] })).statusCode).toBe(200);
    expect((await b.client.post('/api/vote', { businessId: shopIds[1] })).statusCode).toBe(200);
    const counts = async () => {
      const all = (await anonymous.get('/api/votes')).json<Record<string, number>>();
      return shopIds.map((id) => all[String(id)]);
    };
    expect(await counts()).toEqual([1, 2]);

    await disputeOpened(a.paymentIntent);
    expect(await counts()).toEqual([0, 1]);
    expect((await a.client.post('/api/vote', { businessId: shopIds[0] })).statusCode).toBe(403);
    await disputeClosed(a.paymentIntent, 'won');
    expect(await counts()).toEqual([1, 2]);
    expect((await a.client.get('/api/user/pass')).json()).toMatchObject({
      active: true,
      inactiveReason: null,
    });

    await disputeOpened(b.paymentIntent);
    await disputeClosed(b.paymentIntent, 'lost');
    expect(await counts()).toEqual([1, 1]);

    // A refund is final: a dispute won afterwards does not bring the pass back.
    await refundEvent(a.paymentIntent);
    await disputeOpened(a.paymentIntent);
    await disputeClosed(a.paymentIntent, 'won');
    expect(await counts()).toEqual([0, 0]);
    expect((await a.client.get('/api/user/pass')).json()).toMatchObject({ active: false });
    await expectLedgerHolds(challenge.id);
  });
});

type Operation =
  | { kind: 'vote'; member: number; shop: number }
  | { kind: 'reset'; member: number }
  | { kind: 'refund' | 'dispute' | 'disputeWon'; member: number }
  | { kind: 'deleteShop'; shop: number }
  | { kind: 'addShop' }
  | { kind: 'importShops'; count: number }
  | { kind: 'issuePass'; newcomer: number; via: 'payment' | 'testing' }
  | { kind: 'close' | 'reopen' }
  | { kind: 'votesPerShop'; limit: number | null };

const MEMBERS = 3;
/** Members without a pass at the start, who get one during the run. */
const NEWCOMERS = 2;
const SHOPS = 4;
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const shopIndex = fc.integer({ min: 0, max: SHOPS + 1 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('vote' as const), member, shop: shopIndex }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reset' as const), member }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('refund' as const, 'dispute' as const, 'disputeWon' as const),
      member,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteShop' as const), shop: shopIndex }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addShop' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('importShops' as const),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('issuePass' as const),
      newcomer: fc.integer({ min: 0, max: NEWCOMERS - 1 }),
      via: fc.constantFrom('payment' as const, 'testing' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('close' as const, 'reopen' as const) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('votesPerShop' as const),
      limit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
  },
);
/** A step is a few operations sent at once: on PostgreSQL they really run in parallel. */
const steps = fc.array(fc.array(operation, { minLength: 1, maxLength: 4 }), {
  minLength: 4,
  maxLength: 12,
});

describe('the vote ledger under random operations', () => {
  it('keeps every counter equal to its counted votes, every pass holding every live shop’s coupon, and never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        const { challenge, shopIds } = await newChallengeWithShops(SHOPS);
        const members: Member[] = [];
        for (let index = 0; index < MEMBERS; index += 1)
          members.push(await payingMember(challenge.id));
        // All but the last member redeem everything; the last has coupons but no votes to spend.
        for (const each of members.slice(0, MEMBERS - 1)) await redeemAll(each);
        const newcomers: Awaited<ReturnType<typeof registeredMember>>[] = [];
        for (let index = 0; index < NEWCOMERS; index += 1) newcomers.push(await registeredMember());
        let imports = 0;

        const perform = async (op: Operation) => {
          const shopId = 'shop' in op ? shopIds[op.shop % shopIds.length]! : 0;
          const who = 'member' in op ? members[op.member]! : undefined;
          switch (op.kind) {
            case 'vote':
              return who!.client.post('/api/vote', { businessId: shopId });
            case 'reset':
              return who!.client.post('/api/reset-votes');
            case 'refund':
              return refundEvent(who!.paymentIntent);
            case 'dispute':
              return disputeOpened(who!.paymentIntent);
            case 'disputeWon':
              return disputeClosed(who!.paymentIntent, 'won');
            case 'deleteShop':
              return admin.delete(`/api/admin/businesses/${shopId}`);
            case 'addShop': {
              const id = await addShop(challenge.id, shopIds.length);
              shopIds.push(id);
              return undefined;
            }
            case 'importShops': {
              imports += 1;
              const lines = Array.from(
                { length: op.count },
                (_, index) => `Imported ${imports}.${index},2 Ledger St,An imported shop`,
              );
              const csv = ['name,address,description', ...lines].join('\n');
              return admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, {
                csv,
                commit: true,
              });
            }
            case 'issuePass': {
              const { client } = newcomers[op.newcomer]!;
              if (op.via === 'testing') return client.post('/api/testing/create-pass');
              return (await buyPass(client, challenge.id)).answer;
            }
            case 'close':
            case 'reopen':
              return admin.patch(`/api/admin/challenges/${challenge.id}`, {
                active: op.kind === 'reopen',
              });
            case 'votesPerShop':
              return admin.patch(`/api/admin/challenges/${challenge.id}`, {
                votesPerShop: op.limit,
              });
          }
        };

        for (const step of plan) {
          const answers = await Promise.all(step.map(perform));
          for (const answer of answers) {
            const status = (answer as { statusCode?: number } | undefined)?.statusCode ?? 200;
            expect(status, (answer as { body?: string } | undefined)?.body).toBeLessThan(500);
          }
          await expectLedgerHolds(challenge.id);
        }
      }),
      { numRuns: usingPostgres ? 25 : 15 },
    );
  }, 240_000);
});
