import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  passes,
  redemptionAttempts,
  sessions,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { DAY_MS, MINUTE_MS } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { couponOf, markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    shops: ['1111', '2222', '3333'].map((redemptionCode) => ({ redemptionCode })),
  }));
});

const shop = (index: number) => shops[index]!;

describe('GET /api/user/coupons and /api/businesses/coupon/:id', () => {
  it('lists the caller’s coupons with their shops and never a code; someone else’s coupon is not found', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const list = await holder.client.get('/api/user/coupons');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((c: { business: { name: string }; redeemed: boolean }) => [
          c.business.name,
          c.redeemed,
        ]),
    ).toEqual([
      ['Shop 1', false],
      ['Shop 2', false],
      ['Shop 3', false],
    ]);
    expect(list.body).not.toContain('redemptionCode');
    expect(list.body).not.toContain('1111');

    const coupon = await couponOf(ctx, holder.pass, shop(1).id);
    const own = await holder.client.get(`/api/businesses/coupon/${coupon.id}`);
    expect(own.json()).toMatchObject({ id: shop(1).id, name: 'Shop 2' });
    expect(own.body).not.toContain('2222');

    const other = await signedInPassHolder(ctx, challenge.id);
    expect((await other.client.get(`/api/businesses/coupon/${coupon.id}`)).json()).toEqual({
      message: 'Coupon not found',
    });
    const stolen = await other.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '2222',
    });
    expect(stolen.statusCode).toBe(404);
    expect((await couponOf(ctx, holder.pass, shop(1).id)).redeemed).toBe(false);
    expect(
      await ctx.db.$count(redemptionAttempts, eq(redemptionAttempts.passId, other.pass.id)),
    ).toBe(0);
  });

  it('answers 401 signed out and 404 without a pass', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/coupons')).statusCode).toBe(401);
    const { client } = await signedInMember(ctx.app);
    expect((await client.get('/api/user/coupons')).json()).toEqual({
      message: 'No pass found for the current challenge.',
    });
  });
});

describe('POST /api/coupons/:id/redeem', () => {
  it('keeps the optional first-visit answer with the redemption, and refuses a bad one', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const [first, second, third] = [
      await couponOf(ctx, holder.pass, shop(0).id),
      await couponOf(ctx, holder.pass, shop(1).id),
      await couponOf(ctx, holder.pass, shop(2).id),
    ];
    const bad = await holder.client.post(`/api/coupons/${first.id}/redeem`, {
      redemptionCode: '1111',
      firstVisit: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'First visit must be true or false' });
    expect((await couponOf(ctx, holder.pass, shop(0).id)).redeemed).toBe(false);

    for (const [coupon, code, firstVisit] of [
      [first, '1111', true],
      [second, '2222', false],
      [third, '3333', undefined],
    ] as const) {
      const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: code,
        ...(firstVisit === undefined ? {} : { firstVisit }),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const stored = await Promise.all(
      [0, 1, 2].map(async (index) => couponOf(ctx, holder.pass, shop(index).id)),
    );
    expect(stored.map((coupon) => [coupon.redeemed, coupon.firstVisit])).toEqual([
      [true, true],
      [true, false],
      [true, null],
    ]);

    // A refused redemption keeps no answer.
    const other = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, other.pass, shop(0).id);
    const wrong = await other.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '9998',
      firstVisit: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await couponOf(ctx, other.pass, shop(0).id)).toMatchObject({
      redeemed: false,
      firstVisit: null,
    });
  });

  it('with POST /api/vote, answers 401 without a live session and changes nothing', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(2).id]);
    const coupon = await couponOf(ctx, holder.pass, shop(1).id);
    const replaying = (cookie: string | undefined) => {
      const client = new TestClient(ctx.app);
      client.cookie = cookie;
      return client;
    };
    const live = holder.client.cookie!;
    const tampered = live.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const expired = await signedInPassHolder(ctx, challenge.id);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(sql`${sessions.data} ->> 'userId' = ${String(expired.user.id)}`);
    const signedOut = await signedInPassHolder(ctx, challenge.id);
    const beforeSignOut = signedOut.client.cookie;
    await signedOut.client.post('/api/logout');

    for (const client of [
      new TestClient(ctx.app),
      replaying(tampered),
      expired.client,
      replaying(beforeSignOut),
    ]) {
      const redeem = await client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: '2222',
      });
      const vote = await client.post('/api/vote', { businessId: shop(2).id });
      expect([redeem.statusCode, vote.statusCode]).toEqual([401, 401]);
      expect(redeem.json()).toEqual({ message: 'You must be signed in.' });
    }
    expect((await couponOf(ctx, holder.pass, shop(1).id)).redeemed).toBe(false);
    expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
      availableVotes: 1,
    });
  });

  it('redeems once when twenty requests arrive at once, earning exactly one vote', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop(0).id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        holder.client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '1111' }),
      ),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({
      availableVotes: 1,
      coupon: { id: coupon.id, redeemed: true },
    });
    expect(ok[0]!.json().message).toContain('Shop 1');
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json().message).toBe(
      'This coupon was already redeemed at Shop 1. Nothing was changed.',
    );
    expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
      availableVotes: 1,
    });
    expect(
      (await holder.client.get('/api/user/visited-businesses'))
        .json()
        .map((b: { id: number }) => b.id),
    ).toEqual([shop(0).id]);
  });

  it('refuses a wrong code with "Invalid redemption code" and a malformed one without counting it', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop(0).id);
    const wrong = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '9999',
    });
    expect(wrong.statusCode).toBe(400);
    // The spec's text stays the message; beside it, the wrong codes left before the lock.
    expect(wrong.json()).toEqual({ message: 'Invalid redemption code', triesLeft: 4 });
    const malformed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '12a',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Redemption code must be exactly 4 digits');
    expect(
      await ctx.db.$count(redemptionAttempts, eq(redemptionAttempts.passId, holder.pass.id)),
    ).toBe(1);
    expect((await couponOf(ctx, holder.pass, shop(0).id)).redeemed).toBe(false);
  });

  it('limits a burst of wrong codes per pass, across a restart and a second instance, then lets the pass try again', async () => {
    const start = ctx.clock.now();
    const holder = await signedInPassHolder(ctx, challenge.id);
    const couponA = await couponOf(ctx, holder.pass, shop(0).id);
    const couponB = await couponOf(ctx, holder.pass, shop(1).id);
    const burst = await Promise.all(
      ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008'].map((code, i) =>
        holder.client.post(`/api/coupons/${(i % 2 ? couponA : couponB).id}/redeem`, {
          redemptionCode: code,
        }),
      ),
    );
    expect(burst.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
    const limited = burst.filter((answer) => answer.statusCode === 429);
    expect(limited).toHaveLength(3);
    expect(limited[0]!.json().message).toBe(
      'Too many incorrect redemption codes. Please try again in 15 minutes.',
    );
    expect(Number(limited[0]!.headers['retry-after'])).toBe(15 * 60);

    // A restarted server and a second instance read the same attempts from the database:
    // even the right code is refused until the window passes.
    const restarted = await ctx.buildApp();
    const secondDb = usingPostgres ? (await ctx.database.reopen()).db : ctx.db;
    const secondInstance = await ctx.buildApp(secondDb);
    for (const app of [restarted, secondInstance]) {
      const client = new TestClient(app);
      client.cookie = holder.client.cookie;
      const answer = await client.post(`/api/coupons/${couponA.id}/redeem`, {
        redemptionCode: '1111',
      });
      expect(answer.statusCode).toBe(429);
      expect(answer.headers['retry-after']).toBeDefined();
    }
    expect((await couponOf(ctx, holder.pass, shop(0).id)).redeemed).toBe(false);

    ctx.clock.advance(10 * MINUTE_MS);
    const later = await holder.client.post(`/api/coupons/${couponA.id}/redeem`, {
      redemptionCode: '1111',
    });
    expect(later.json().message).toBe(
      'Too many incorrect redemption codes. Please try again in 5 minutes.',
    );

    ctx.clock.advance(5 * MINUTE_MS + 1000);
    expect(
      (await holder.client.post(`/api/coupons/${couponA.id}/redeem`, { redemptionCode: '1111' }))
        .statusCode,
    ).toBe(200);

    // The daily limit: 20 wrong codes in 24 hours, however they are spread. Each wrong code says
    // how many the pass may still give before the lock (the fuller window decides).
    const triesLeft: unknown[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 5; i += 1) {
        const wrong = await holder.client.post(`/api/coupons/${couponB.id}/redeem`, {
          redemptionCode: '0000',
        });
        expect(wrong.statusCode).toBe(400);
        triesLeft.push(wrong.json().triesLeft);
      }
      ctx.clock.advance(16 * MINUTE_MS);
    }
    expect(triesLeft).toEqual([4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 4, 3, 2, 1, 0]);
    const daily = await holder.client.post(`/api/coupons/${couponB.id}/redeem`, {
      redemptionCode: '2222',
    });
    expect(daily.statusCode).toBe(429);
    expect(daily.json().message).toMatch(/Please try again in \d+ (minutes|hours)\./);
    ctx.clock.set(new Date(start.getTime() + DAY_MS + MINUTE_MS));
    expect(
      (await holder.client.post(`/api/coupons/${couponB.id}/redeem`, { redemptionCode: '2222' }))
        .statusCode,
    ).toBe(200);
    ctx.clock.set(start);
  });

  it('is open only while the challenge runs, with a message saying so', async () => {
    const start = ctx.clock.now();
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop(2).id);
    ctx.clock.set(new Date(challenge.startDate.getTime() - MINUTE_MS));
    const early = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '3333',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(
      /^Test Coffee Battle has not started yet\. You can redeem coupons from .+ UTC\.$/,
    );
    ctx.clock.set(new Date(challenge.endDate.getTime() + MINUTE_MS));
    const late = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '3333',
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(
      /^Test Coffee Battle ended on .+ UTC\. You can no longer redeem coupons\.$/,
    );
    ctx.clock.set(start);
    expect((await couponOf(ctx, holder.pass, shop(2).id)).redeemed).toBe(false);
  });

  it('refuses an inactive (refunded) pass', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await ctx.db
      .update(passes)
      .set({ active: false, inactiveReason: 'refunded' })
      .where(eq(passes.id, holder.pass.id));
    const coupon = await couponOf(ctx, holder.pass, shop(0).id);
    const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '1111',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      message: 'This pass is no longer active (refunded), so it cannot redeem coupons.',
    });
    expect((await couponOf(ctx, holder.pass, shop(0).id)).redeemed).toBe(false);
  });
});
