import { parse } from 'csv-parse/sync';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VoucherDto } from '#shared/vouchers.ts';
import { checkData } from '../backups/check-data.ts';
import { coupons, passes, votes, vouchers, type Business, type Challenge } from '../db/schema.ts';
import { moneyAtAGlance, settlementOf } from '../settlement/service.ts';
import { insertChallenge } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder, passHeldIn } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

/** Free passes from vouchers (docs/RULES.md rule 24, docs/decisions/0044). */

const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];
let admin: TestClient;

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { price: 20 },
    shops: ['4201', '4202'].map((redemptionCode) => ({ redemptionCode })),
  }));
  ({ client: admin } = await signedInAdmin(ctx.app, ctx.db));
});

const vouchersUrl = (challengeId = challenge.id) => `/api/admin/challenges/${challengeId}/vouchers`;

async function newVoucher(body: Record<string, unknown>, challengeId = challenge.id) {
  const answer = await admin.post(vouchersUrl(challengeId), body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<VoucherDto>();
}

const storedVoucher = async (id: number) =>
  (await ctx.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

const passOf = (userId: number) => passHeldIn(ctx.db, challenge.id, userId);

/** A new member who redeemed a fresh one-use voucher, with the pass it gave. */
async function voucherHolder() {
  const voucher = await newVoucher({ tag: 'judge', maxUses: 1 });
  const member = await signedInMember(ctx.app);
  const answer = await member.client.post('/api/vouchers/redeem', { code: voucher.code });
  expect(answer.statusCode, answer.body).toBe(201);
  return { ...member, pass: (await passOf(member.user.id))! };
}

async function redeemFirstCoupon(client: TestClient, passId: number) {
  const [coupon] = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.passId, passId), eq(coupons.businessId, shops[0]!.id)));
  const answer = await client.post(`/api/coupons/${coupon!.id}/redeem`, {
    redemptionCode: shops[0]!.redemptionCode,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ message: string }>().message;
}

async function setVoucherPassesVote(value: boolean) {
  const answer = await admin.patch(`/api/admin/challenges/${challenge.id}`, {
    voucherPassesVote: value,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json<{ voucherPassesVote: boolean }>().voucherPassesVote).toBe(value);
}

describe('the organizer’s vouchers', () => {
  it('makes a voucher with the given code in capitals, or draws one, and lists them with uses', async () => {
    const given = await newVoucher({
      code: 'press-2026',
      tag: 'press',
      maxUses: 5,
      expiresAt: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(given).toMatchObject({ code: 'PRESS-2026', tag: 'press', maxUses: 5, uses: 0 });
    const drawn = await newVoucher({ tag: 'sponsor', maxUses: 2 });
    expect(drawn.code).toMatch(/^[A-Z0-9]{10}$/);
    expect(drawn.expiresAt).toBeNull();

    const listed = await admin.get(vouchersUrl());
    expect(listed.statusCode).toBe(200);
    expect(listed.json<VoucherDto[]>().map((voucher) => voucher.id)).toEqual(
      expect.arrayContaining([given.id, drawn.id]),
    );
  });

  it('refuses bad input, a taken code and an unknown battle with clear words, storing nothing', async () => {
    await newVoucher({ code: 'TAKEN-1', tag: 'press', maxUses: 1 });
    const before = await ctx.db.$count(vouchers);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ maxUses: 1 }, 400, 'Tag is required (for example press, judge or sponsor).'],
      [{ tag: 'press', maxUses: 0 }, 400, 'Max uses must be a whole number from 1 to 10000.'],
      [{ tag: 'press', maxUses: 1.5 }, 400, 'Max uses must be a whole number from 1 to 10000.'],
      [
        { tag: 'press', maxUses: 1, code: 'no spaces!' },
        400,
        'A voucher code has 4 to 32 letters, digits or dashes (for example PRESS-2026).',
      ],
      [
        {
          tag: 'press',
          maxUses: 1,
          expiresAt: new Date(ctx.clock.now().getTime() - 1).toISOString(),
        },
        400,
        'Expiry must be in the future.',
      ],
      [
        { tag: 'press', maxUses: 1, code: 'taken-1' },
        409,
        'A voucher with this code already exists. Choose another code.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await admin.post(vouchersUrl(), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json()).toMatchObject({ message });
    }
    const unknown = await admin.post(vouchersUrl(999_999), { tag: 'press', maxUses: 1 });
    expect(unknown.statusCode).toBe(404);
    const ended = await insertChallenge(ctx.db, ctx.clock.now(), {
      active: false,
      startDate: new Date(ctx.clock.now().getTime() - 3 * 86_400_000),
      endDate: new Date(ctx.clock.now().getTime() - 86_400_000),
    });
    const late = await admin.post(vouchersUrl(ended.id), { tag: 'press', maxUses: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'This battle has ended, so no more vouchers can be made for it.',
    });
    expect(await ctx.db.$count(vouchers)).toBe(before);
  });

  it('is the organizer’s alone', async () => {
    const { client: member } = await signedInMember(ctx.app);
    expect((await member.post(vouchersUrl(), { tag: 'press', maxUses: 1 })).statusCode).toBe(403);
    expect((await member.get(vouchersUrl())).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get(vouchersUrl())).statusCode).toBe(401);
  });
});

describe('POST /api/vouchers/redeem', () => {
  it('gives a signed-in person a pass with no payment and every live shop’s coupon, counting one use', async () => {
    const voucher = await newVoucher({ code: 'JUDGE-ANNA', tag: 'judge', maxUses: 2 });
    const { client, user } = await signedInMember(ctx.app);
    const answer = await client.post('/api/vouchers/redeem', { code: ' judge-anna ' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      userId: user.id,
      challengeId: challenge.id,
      active: true,
    });
    const pass = await passOf(user.id);
    expect(pass).toMatchObject({ voucherId: voucher.id, paymentId: null });
    expect(await ctx.db.$count(coupons, eq(coupons.passId, pass!.id))).toBe(shops.length);
    expect((await storedVoucher(voucher.id)).uses).toBe(1);
    expect((await client.get('/api/user/pass')).statusCode).toBe(200);
  });

  it('refuses an unknown, used-up, expired or other battle’s code and a holder, changing nothing', async () => {
    const usedUp = await newVoucher({ tag: 'press', maxUses: 1 });
    expect(
      (
        await (
          await signedInMember(ctx.app)
        ).client.post('/api/vouchers/redeem', { code: usedUp.code })
      ).statusCode,
    ).toBe(201);
    const expiring = await newVoucher({
      tag: 'press',
      maxUses: 3,
      expiresAt: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    });
    const draft = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const foreign = await newVoucher({ tag: 'press', maxUses: 3 }, draft.id);
    const open = await newVoucher({ tag: 'press', maxUses: 3 });

    const { client, user } = await signedInMember(ctx.app);
    ctx.clock.advance(120_000);
    try {
      const cases: [string, number, RegExp][] = [
        ['NOSUCHCODE', 404, /^This voucher code is not valid\. Check it and try again\.$/],
        [usedUp.code, 410, /^This voucher code has been used as many times as it allows\.$/],
        [expiring.code, 410, /^This voucher code expired on .+\.$/],
        [foreign.code, 409, /^This voucher code is for another battle/],
        ['x', 400, /^A voucher code has 4 to 32 letters/],
      ];
      for (const [code, status, message] of cases) {
        const answer = await client.post('/api/vouchers/redeem', { code });
        expect(answer.statusCode, code).toBe(status);
        expect(answer.json<{ message: string }>().message).toMatch(message);
      }
    } finally {
      ctx.clock.advance(-120_000);
    }
    expect(await passOf(user.id)).toBeUndefined();
    for (const voucher of [expiring, foreign])
      expect((await storedVoucher(voucher.id)).uses).toBe(0);

    const holder = await signedInPassHolder(ctx, challenge.id);
    const refused = await holder.client.post('/api/vouchers/redeem', { code: open.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You already have a battle pass for this battle, so the voucher was not used.',
    });
    expect((await storedVoucher(open.id)).uses).toBe(0);
    expect((await passOf(holder.user.id))!.id).toBe(holder.pass.id);

    const signedOut = await new TestClient(ctx.app).post('/api/vouchers/redeem', {
      code: open.code,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await storedVoucher(open.id)).uses).toBe(0);
  });

  it('limits guessing per address: the 11th try in a minute is refused, even with a right code', async () => {
    const voucher = await newVoucher({ tag: 'press', maxUses: 1 });
    const guesser = await signedInMember(ctx.app);
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push(
        (await guesser.client.post('/api/vouchers/redeem', { code: `GUESS-${attempt}` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual(Array<number>(10).fill(404));
    const limited = await guesser.client.post('/api/vouchers/redeem', { code: voucher.code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/too many/i);
    expect((await storedVoucher(voucher.id)).uses).toBe(0);
    expect(await passOf(guesser.user.id)).toBeUndefined();
  });

  it('of 20 people redeeming a one-use voucher at once, exactly one gets a pass', async () => {
    const voucher = await newVoucher({ tag: 'sponsor', maxUses: 1 });
    const takers = await Promise.all(Array.from({ length: 20 }, () => signedInMember(ctx.app)));
    const answers = await Promise.all(
      takers.map((taker) => taker.client.post('/api/vouchers/redeem', { code: voucher.code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201,
      ...Array<number>(19).fill(410),
    ]);
    expect(await ctx.db.$count(passes, eq(passes.voucherId, voucher.id))).toBe(1);
    expect((await storedVoucher(voucher.id)).uses).toBe(1);
  });
});

describe('what a voucher pass may do (the battle’s voucherPassesVote)', () => {
  it('by default it redeems coupons but has no votes, and a vote is refused with clear words', async () => {
    const holder = await voucherHolder();
    expect(await redeemFirstCoupon(holder.client, holder.pass.id)).toBe(
      `Your $5 coupon at ${shops[0]!.name} has been redeemed. Your free pass from a voucher does not vote in this battle.`,
    );
    const available = await holder.client.get('/api/user/available-votes');
    expect(available.json()).toEqual({ availableVotes: 0 });
    expect((await holder.client.get('/api/user/progress')).json()).toMatchObject({
      availableVotes: 0,
      passVotes: false,
    });
    const vote = await holder.client.post('/api/vote', { businessId: shops[0]!.id });
    expect(vote.statusCode).toBe(403);
    expect(vote.json()).toEqual({
      message:
        'This is a free pass from a voucher: in this battle it redeems coupons but does not vote.',
    });
    expect(await ctx.db.$count(votes, eq(votes.passId, holder.pass.id))).toBe(0);
  });

  it('with the setting on, it votes like any pass', async () => {
    const holder = await voucherHolder();
    await redeemFirstCoupon(holder.client, holder.pass.id);
    await setVoucherPassesVote(true);
    try {
      expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
        availableVotes: 1,
      });
      expect((await holder.client.get('/api/user/progress')).json()).toMatchObject({
        passVotes: true,
      });
      const vote = await holder.client.post('/api/vote', { businessId: shops[0]!.id });
      expect(vote.statusCode, vote.body).toBe(200);
      // The audit export marks the free pass's vote apart, so a recount can leave it out.
      const file = await admin.get(`/api/admin/challenges/${challenge.id}/votes.csv`);
      const rows = parse<Record<string, string>>(file.body, { columns: true });
      expect(rows.filter((row) => row.pass_kind === 'free')).toEqual([
        expect.objectContaining({ shop_id: String(shops[0]!.id) }),
      ]);
      expect(rows.every((row) => ['paid', 'free'].includes(row.pass_kind!))).toBe(true);
    } finally {
      await setVoucherPassesVote(false);
    }
  });
});

describe('the books with free passes', () => {
  it('the dashboard counts free passes apart from those sold; shops are owed their coupons; the data check holds', async () => {
    const before = await moneyAtAGlance(ctx.db, challenge.id);
    const owedBefore = await settlementOf(ctx.db, challenge.id, ctx.clock.now());
    const holder = await voucherHolder();
    await redeemFirstCoupon(holder.client, holder.pass.id);
    const money = await moneyAtAGlance(ctx.db, challenge.id);
    expect(money.freePasses).toBe(before.freePasses + 1);
    expect(money.freePasses).toBe(
      await ctx.db.$count(
        passes,
        and(eq(passes.challengeId, challenge.id), isNotNull(passes.voucherId)),
      ),
    );
    expect(money.passesSold).toBe(before.passesSold);
    expect(money.grossCents).toBe(before.grossCents);
    expect(money.owedToShopsDollars).toBe(before.owedToShopsDollars + 5);
    // The settlement owes the shop for the free pass's coupon and counts it apart.
    const owed = await settlementOf(ctx.db, challenge.id, ctx.clock.now());
    expect(owed.shops[0]).toMatchObject({
      couponsRedeemed: owedBefore.shops[0]!.couponsRedeemed + 1,
      freePassCoupons: owedBefore.shops[0]!.freePassCoupons + 1,
      earnedDollars: owedBefore.shops[0]!.earnedDollars + 5,
    });
    expect(owed.totals.freePassCoupons).toBe(owedBefore.totals.freePassCoupons + 1);

    const dashboard = await admin.get('/api/admin/dashboard');
    expect(dashboard.json<{ money: { freePasses: number } }>().money.freePasses).toBe(
      money.freePasses,
    );
    const check = await checkData(ctx.db);
    expect(check.checked).toContain(
      'each voucher gave as many passes as it counts, for its battle',
    );
    expect(check.problems, JSON.stringify(check.problems)).toEqual([]);
  });
});

describe('prize draws with free passes (docs/RULES.md rule 19)', () => {
  let drawId = 0;
  const pseudonyms = { free: '', bought: '' };

  it('a free pass enters only with the setting on; a bought pass always does', async () => {
    const created = await admin.post(`/api/admin/challenges/${challenge.id}/draws`, {
      prize: 'A voucher mug',
      winnerCount: 1,
      entries: 'coupons',
    });
    expect(created.statusCode, created.body).toBe(201);
    drawId = created.json<{ id: number }>().id;
    const entriesOf = async (client: TestClient) => {
      const answer = await client.get('/api/user/draws');
      expect(answer.statusCode, answer.body).toBe(200);
      const mine = answer.json<{ pass: string; draws: { id: number; yourEntries: number }[] }>();
      return {
        pass: mine.pass,
        entries: mine.draws.find((draw) => draw.id === drawId)!.yourEntries,
      };
    };
    const free = await voucherHolder();
    await redeemFirstCoupon(free.client, free.pass.id);
    const bought = await signedInPassHolder(ctx, challenge.id);
    await redeemFirstCoupon(bought.client, bought.pass.id);

    const freeEntries = await entriesOf(free.client);
    const boughtEntries = await entriesOf(bought.client);
    expect([freeEntries.entries, boughtEntries.entries]).toEqual([0, 1]);
    pseudonyms.free = freeEntries.pass;
    pseudonyms.bought = boughtEntries.pass;
    await setVoucherPassesVote(true);
    try {
      expect((await entriesOf(free.client)).entries).toBe(1);
    } finally {
      await setVoucherPassesVote(false);
    }
  });

  it('the entries fixed at the reveal leave the free pass out', async () => {
    const now = ctx.clock.now();
    ctx.clock.set(new Date(challenge.endDate.getTime() + 60_000));
    try {
      const revealed = await admin.post(`/api/admin/draws/${drawId}/reveal`, {});
      expect(revealed.statusCode, revealed.body).toBe(200);
      const file = await new TestClient(ctx.app).get(`/api/draws/${drawId}/entries.csv`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.body).toContain(pseudonyms.bought);
      expect(file.body).not.toContain(pseudonyms.free);
    } finally {
      ctx.clock.set(now);
    }
  });
});
