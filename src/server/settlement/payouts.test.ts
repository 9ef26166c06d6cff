import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopPage } from '#shared/shop-side.ts';
import type { Payout, Settlement } from '#shared/settlement.ts';
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
      voided: null,
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
        voided: null,
      },
      {
        id: first.json<Payout>().id,
        amountDollars: 10,
        paidAt: first.json<Payout>().paidAt,
        note: 'Cheque 1042',
        voided: null,
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

describe('voiding a payout', () => {
  const voidUrl = (payoutId: number, challengeId = challenge.id) =>
    `${payoutsUrl(challengeId)}/${payoutId}/void`;

  it('keeps it in the history with when and why, and the settlement owes the shop again', async () => {
    const shop = await shopWithRedemptions(2, 'Voided Velvet');
    const paid = (await pay(shop, 10, 'Cheque 7')).json<Payout>();
    expect((await settlementRow(shop)).row).toMatchObject({ paidDollars: 10, owedDollars: 0 });
    const before = (await settlementRow(shop)).settlement.totals;

    ctx.clock.advance(60 * 60 * 1000);
    const voided = await admin.post(voidUrl(paid.id), { reason: '  Cheque bounced ' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toEqual({
      ...paid,
      voided: { at: ctx.clock.now().toISOString(), reason: 'Cheque bounced' },
    });

    const { settlement, row } = await settlementRow(shop);
    expect(row).toMatchObject({ earnedDollars: 10, paidDollars: 0, owedDollars: 10 });
    expect(settlement.totals.paidDollars).toBe(before.paidDollars - 10);
    expect(settlement.totals.owedDollars).toBe(before.owedDollars + 10);
    const csv = await admin.get(`/api/admin/challenges/${challenge.id}/settlement.csv`);
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    expect(rows.find((each) => each.shop_id === String(shop.id))).toMatchObject({
      paid_usd: '0',
      owed_usd: '10',
    });
    // Still listed, as voided, for the organizer and on the shop's own page.
    expect(await payoutsOf(shop)).toEqual([voided.json()]);
    const link = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
    const token = link.json<{ url: string }>().url.split('/shop/')[1]!;
    const page = (await new TestClient(ctx.app).get(`/api/shop/${token}`)).json<ShopPage>();
    expect(page).toMatchObject({ paidDollars: 0, owedDollars: 10 });
    expect(page.payouts).toEqual([
      expect.objectContaining({ id: paid.id, voided: voided.json<Payout>().voided }),
    ]);
    // Who voided it is on record.
    const [record] = await ctx.db.select().from(payouts).where(eq(payouts.id, paid.id));
    expect(record?.voidedBy).toEqual(expect.any(Number));
    expect(record?.paidBy).toEqual(record?.voidedBy);

    // What is owed again can be paid again.
    expect((await pay(shop, 10)).statusCode).toBe(201);
    expect((await settlementRow(shop)).row).toMatchObject({ paidDollars: 10, owedDollars: 0 });
  });

  it('is idempotent: voiding again answers the payout as voided first, the first reason kept', async () => {
    const shop = await shopWithRedemptions(1);
    const paid = (await pay(shop, 5)).json<Payout>();
    const first = await admin.post(voidUrl(paid.id), { reason: 'Wrong shop' });
    ctx.clock.advance(60_000);
    const again = await admin.post(voidUrl(paid.id), { reason: 'Another reason' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await settlementRow(shop)).row).toMatchObject({ paidDollars: 0, owedDollars: 5 });
    // Two organizers at once: one void, the same answer to both.
    const raced = (await pay(shop, 5)).json<Payout>();
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((reason) => admin.post(voidUrl(raced.id), { reason })),
    );
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await settlementRow(shop)).row).toMatchObject({ paidDollars: 0, owedDollars: 5 });
  });

  it('needs a reason, and a payout of that challenge', async () => {
    const shop = await shopWithRedemptions(1);
    const paid = (await pay(shop, 5)).json<Payout>();
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await admin.post(voidUrl(paid.id), body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Give a reason for voiding the payout');
    }
    const long = await admin.post(voidUrl(paid.id), { reason: 'x'.repeat(501) });
    expect(long.json().message).toBe('Reason is too long (at most 500 characters)');
    const other = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const elsewhere = await admin.post(voidUrl(paid.id, other.id), { reason: 'Wrong battle' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Payout not found' });
    expect((await admin.post(voidUrl(2_000_000), { reason: 'None' })).statusCode).toBe(404);
    expect((await payoutsOf(shop))[0]?.voided).toBeNull();
  });

  it('is for organizers only: 401 signed out, 403 for a member, nothing voided', async () => {
    const shop = await shopWithRedemptions(1);
    const paid = (await pay(shop, 5)).json<Payout>();
    const member = await signedInMember(ctx.app);
    const body = { reason: 'Mine now' };
    expect((await new TestClient(ctx.app).post(voidUrl(paid.id), body)).statusCode).toBe(401);
    expect((await member.client.post(voidUrl(paid.id), body)).statusCode).toBe(403);
    expect((await payoutsOf(shop))[0]?.voided).toBeNull();
  });

  it('the database keeps every payout as recorded: no delete, no rewrite, one void', async () => {
    const shop = await shopWithRedemptions(1);
    const paid = (await pay(shop, 5)).json<Payout>();
    // Drizzle wraps the database's error; its cause is the trigger's message.
    const refused = async (statement: PromiseLike<unknown>) => {
      const error = await Promise.resolve(statement).then(
        () => null,
        (failure: unknown) => failure as { cause?: { message?: string } },
      );
      expect(error?.cause?.message).toMatch(/never deleted|kept as recorded/);
    };
    await refused(ctx.db.delete(payouts).where(eq(payouts.id, paid.id)));
    await refused(ctx.db.update(payouts).set({ amountDollars: 1 }).where(eq(payouts.id, paid.id)));
    await refused(ctx.db.update(payouts).set({ note: 'edited' }).where(eq(payouts.id, paid.id)));
    expect((await admin.post(voidUrl(paid.id), { reason: 'Typo' })).statusCode).toBe(200);
    await refused(
      ctx.db
        .update(payouts)
        .set({ voidedAt: null, voidedBy: null, voidReason: null })
        .where(eq(payouts.id, paid.id)),
    );
    await expect(
      ctx.db.execute(sql`update payouts set void_reason = null where id = ${paid.id}`),
    ).rejects.toThrow();
    const [kept] = await ctx.db.select().from(payouts).where(eq(payouts.id, paid.id));
    expect(kept).toMatchObject({ amountDollars: 5, note: null, voidReason: 'Typo' });
  });
});
