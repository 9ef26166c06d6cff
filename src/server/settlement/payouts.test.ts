import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Payout, Settlement, ShopPage } from '#shared/shop-side.ts';
import { payouts, type Business, type Challenge } from '#server/db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const ctx = useTestApp();
let admin: TestClient;
let challenge: Challenge;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Payout Battle' });
});

const payoutsUrl = (challengeId = challenge.id) => `/api/admin/challenges/${challengeId}/payouts`;

/** A new shop of the challenge where `redeemed` members redeemed their coupon: earned 5 × that. */
async function shopWithRedemptions(redeemed: number, name = `Shop ${Math.random()}`) {
  const shop = await insertBusiness(ctx.db, challenge.id, { name });
  for (let index = 0; index < redeemed; index += 1) {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return shop;
}

const pay = (shop: Business, amountDollars: unknown, note?: unknown, client = admin) =>
  client.post(payoutsUrl(), {
    shopId: shop.id,
    amountDollars,
    ...(note === undefined ? {} : { note }),
  });

async function settlementRow(shop: Business) {
  const settlement = (
    await admin.get(`/api/admin/challenges/${challenge.id}/settlement`)
  ).json<Settlement>();
  return { settlement, row: settlement.shops.find((row) => row.shopId === shop.id) };
}

async function payoutsOf(shop: Business) {
  const answer = await admin.get(payoutsUrl());
  expect(answer.statusCode).toBe(200);
  return answer.json<Payout[]>().filter((payout) => payout.shopId === shop.id);
}

describe('payouts', () => {
  it('records what was paid: settlement, its CSV and the shop’s page show paid and owed now', async () => {
    const shop = await shopWithRedemptions(3, 'Paid Pour');
    const first = await pay(shop, 10, '  Cheque 1042 ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      shopId: shop.id,
      amountDollars: 10,
      paidAt: ctx.clock.now().toISOString(),
      note: 'Cheque 1042',
    });

    const { settlement, row } = await settlementRow(shop);
    expect(row).toMatchObject({
      couponsRedeemed: 3,
      earnedDollars: 15,
      paidDollars: 10,
      owedDollars: 5,
    });
    expect(settlement.generatedAt).toBe(ctx.clock.now().toISOString());
    expect(settlement.totals.owedDollars).toBe(
      settlement.totals.earnedDollars - settlement.totals.paidDollars,
    );

    const csv = await admin.get(`/api/admin/challenges/${challenge.id}/settlement.csv`);
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.find((each) => each.shop_id === String(shop.id))).toMatchObject({
      earned_usd: '15',
      paid_usd: '10',
      owed_usd: '5',
      generated_at: ctx.clock.now().toISOString(),
    });
    expect(rows.at(-1)).toMatchObject({
      shop_id: 'TOTAL',
      paid_usd: String(settlement.totals.paidDollars),
      owed_usd: String(settlement.totals.owedDollars),
    });

    // The rest, a day later, without a note: newest first everywhere.
    ctx.clock.advance(24 * 60 * 60 * 1000);
    const second = await pay(shop, 5, '');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<Payout>().note).toBeNull();
    expect((await payoutsOf(shop)).map((payout) => payout.amountDollars)).toEqual([5, 10]);
    expect((await settlementRow(shop)).row).toMatchObject({ paidDollars: 15, owedDollars: 0 });

    const link = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
    const token = link.json<{ url: string }>().url.split('/shop/')[1]!;
    const page = (await new TestClient(ctx.app).get(`/api/shop/${token}`)).json<ShopPage>();
    expect(page).toMatchObject({ earnedDollars: 15, paidDollars: 15, owedDollars: 0 });
    expect(page.payouts).toEqual([
      {
        id: second.json<Payout>().id,
        amountDollars: 5,
        paidAt: second.json<Payout>().paidAt,
        note: null,
      },
      {
        id: first.json<Payout>().id,
        amountDollars: 10,
        paidAt: first.json<Payout>().paidAt,
        note: 'Cheque 1042',
      },
    ]);

    // Nothing is owed now: even $1 is refused.
    const more = await pay(shop, 1);
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ message: 'Nothing is owed to Paid Pour now.' });
  });

  it('refuses more than is owed, amounts that are not whole positive dollars, and other challenges’ shops, changing nothing', async () => {
    const shop = await shopWithRedemptions(2, 'Careful Cup');
    const elsewhere = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const otherShop = await insertBusiness(ctx.db, elsewhere.id);
    const cases: [Promise<Awaited<ReturnType<typeof pay>>>, number, string][] = [
      [pay(shop, 11), 400, 'Careful Cup is owed $10 now; a payout cannot be more than that.'],
      [pay(shop, 0), 400, 'Amount must be at least $1'],
      [pay(shop, -5), 400, 'Amount must be at least $1'],
      [pay(shop, 2.5), 400, 'Amount must be a whole number of dollars'],
      [pay(shop, '10'), 400, 'Amount must be a whole number of dollars'],
      [pay(shop, 5, 'x'.repeat(501)), 400, 'Note is too long (at most 500 characters)'],
      [pay(otherShop, 5), 400, 'This shop is not part of this challenge.'],
      [
        admin.post(payoutsUrl(), { shopId: 999_999, amountDollars: 5 }),
        400,
        'This shop is not part of this challenge.',
      ],
      [
        admin.post(payoutsUrl(999_999), { shopId: shop.id, amountDollars: 5 }),
        404,
        'Challenge not found',
      ],
    ];
    for (const [answering, status, message] of cases) {
      const answer = await answering;
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const missing = await admin.post(payoutsUrl(), { shopId: shop.id });
    expect(missing.statusCode).toBe(400);
    expect(await ctx.db.select().from(payouts).where(eq(payouts.businessId, shop.id))).toEqual([]);
    expect((await admin.get(payoutsUrl(999_999))).json()).toEqual({
      message: 'Challenge not found',
    });
  });

  it('pays a removed shop what it is still owed for the coupons redeemed before', async () => {
    const shop = await shopWithRedemptions(1, 'Gone Grounds');
    expect((await admin.delete(`/api/admin/businesses/${shop.id}`)).statusCode).toBe(204);
    expect((await pay(shop, 5)).statusCode).toBe(201);
    expect((await settlementRow(shop)).row).toMatchObject({ removed: true, owedDollars: 0 });
  });

  it('is for organizers only', async () => {
    const shop = await shopWithRedemptions(1);
    const member = await signedInMember(ctx.app);
    const anonymous = new TestClient(ctx.app);
    expect((await pay(shop, 5, undefined, anonymous)).statusCode).toBe(401);
    expect((await pay(shop, 5, undefined, member.client)).statusCode).toBe(403);
    expect((await anonymous.get(payoutsUrl())).statusCode).toBe(401);
    expect((await member.client.get(payoutsUrl())).statusCode).toBe(403);
    expect(await payoutsOf(shop)).toEqual([]);
  });

  it('two organizers paying at once never pay more than is owed together', async () => {
    const shop = await shopWithRedemptions(3, 'Raced Roast');
    // On PostgreSQL a second instance with its own pool, as two servers would race; PGlite has
    // one connection, so there the requests queue and this checks only the arithmetic.
    const app2 = usingPostgres ? await ctx.buildApp((await ctx.database.reopen()).db) : ctx.app;
    const admin2 = new TestClient(app2);
    admin2.cookie = admin.cookie;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        pay(shop, 15, `try ${index}`, index % 2 ? admin2 : admin),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const paid = await ctx.db.select().from(payouts).where(eq(payouts.businessId, shop.id));
    expect(paid.reduce((sum, payout) => sum + payout.amountDollars, 0)).toBe(15);

    // Split amounts: each fits what was owed when asked, but not all together.
    const split = await shopWithRedemptions(2, 'Split Shot');
    const splitAnswers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => pay(split, 4, undefined, index % 2 ? admin2 : admin)),
    );
    expect(splitAnswers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect((await settlementRow(split)).row).toMatchObject({ paidDollars: 8, owedDollars: 2 });
  });
});
