import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business, Challenge } from '../db/schema.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { insertBusiness } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  createTestContext,
  queriesDuring,
  sameCookieOn,
  SECOND_APP_TIMEOUT_MS,
  secondInstance,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { localChangeFeed, type Change } from '../db/changes.ts';
import { setPassCounted } from '../passes/switch.ts';
import type { CouponDto } from '#shared/redemption.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The spec's refresh: another instance's change reaches the member within 2 s. */
const withinTwoSeconds = (read: () => unknown) =>
  expect.poll(read, { timeout: 2_000, interval: 20 });

/** A member's poll as the page sends it: with the validator of the answer it holds. */
const poll = (client: TestClient, url: string, etag: string | undefined) =>
  client.request({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

const etagOf = (response: { headers: Record<string, unknown> }) => {
  const etag = response.headers.etag;
  if (typeof etag !== 'string') throw new Error('answer without an ETag');
  return etag;
};

describe('GET /api/user/progress', () => {
  let ctx: TestContext;
  let challenge: Challenge;
  let shops: Business[];
  beforeAll(async () => {
    // The member answers kept in memory, as a server keeps them (tests turn them off by default).
    ctx = await createTestContext({ memberAnswerTtlMs: 60_000 });
    ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { title: 'Progress Battle' },
      shops: ['4111', '4222'].map((redemptionCode) => ({ redemptionCode })),
    }));
  });
  afterAll(() => ctx.close());
  const shop = (index: number) => shops[index]!;

  it('answers coupon states, available votes and own votes, without shops or codes', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop(0).id);
    expect(
      (await holder.client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '4111' }))
        .statusCode,
    ).toBe(200);
    expect((await holder.client.post('/api/vote', { businessId: shop(1).id })).statusCode).toBe(
      200,
    );

    const progress = await holder.client.get('/api/user/progress');
    expect(progress.statusCode).toBe(200);
    // The spec's coupons call keeps its full shape; the progress carries each coupon's state.
    const fullCoupons = (await holder.client.get('/api/user/coupons')).json<CouponDto[]>();
    expect(progress.json()).toEqual({
      coupons: fullCoupons.map(({ id, businessId, redeemed, redeemedAt, enteredAt, syncedAt }) => ({
        id,
        businessId,
        redeemed,
        redeemedAt,
        enteredAt,
        syncedAt,
        offlineRefusal: null,
      })),
      availableVotes: 0,
      passVotes: true,
      ownVotes: { [shop(1).id]: 1 },
      milestones: [],
    });
    expect(fullCoupons.map((each) => each.redeemed)).toEqual([true, false]);
    // Codes are secrets (docs/RULES.md rule 3): never in a member's answer; shops come from elsewhere.
    expect(progress.body).not.toContain('redemptionCode');
    expect(progress.body).not.toContain('4111');
    expect(progress.body).not.toContain(shop(0).name);
  });

  it('answers 401 signed out and 404 without a pass', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/progress')).statusCode).toBe(401);
    const { client } = await signedInMember(ctx.app);
    const missing = await client.get('/api/user/progress');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No pass found for the current challenge.' });
  });

  it('an unchanged poll is a 304 that touches no database; a bad validator gets the answer', async () => {
    const { client } = await signedInPassHolder(ctx, challenge.id);
    for (const url of ['/api/user/progress', '/api/user/pass']) {
      const first = await client.get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = etagOf(first);

      const unchanged = await queriesDuring(ctx.database, () => poll(client, url, etag));
      expect(unchanged.answer.statusCode, url).toBe(304);
      expect(unchanged.answer.body).toBe('');
      expect(unchanged.answer.headers.etag).toBe(etag);
      expect(unchanged.queries, url).toBe(0);

      // Without a validator, the answer kept in memory, still without a query.
      const again = await queriesDuring(ctx.database, () => client.get(url));
      expect(again.answer.statusCode).toBe(200);
      expect(again.answer.body).toBe(first.body);
      expect(again.queries).toBe(0);

      for (const stale of ['"m-stale"', 'garbage', `W/${etag}x`]) {
        const full = await poll(client, url, stale);
        expect(full.statusCode, stale).toBe(200);
        expect(full.body).toBe(first.body);
      }
    }
  });

  it('the version moves with the member’s redeem, vote and reset, and not with a refused write', async () => {
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    let etag = etagOf(await client.get('/api/user/progress'));
    const expectMoved = async () => {
      const answer = await poll(client, '/api/user/progress', etag);
      expect(answer.statusCode).toBe(200);
      etag = etagOf(answer);
      return answer.json<{ availableVotes: number; coupons: { redeemed: boolean }[] }>();
    };
    const expectUnchanged = async () =>
      expect((await poll(client, '/api/user/progress', etag)).statusCode).toBe(304);

    const coupon = await couponOf(ctx, pass, shop(0).id);
    const refused = await client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '0000',
    });
    expect(refused.statusCode).toBe(400);
    await expectUnchanged();

    await client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '4111' });
    expect((await expectMoved()).coupons[0]?.redeemed).toBe(true);

    expect((await client.post('/api/vote', { businessId: shop(0).id })).statusCode).toBe(200);
    expect((await expectMoved()).availableVotes).toBe(0);
    // No vote left: refused, nothing moves.
    expect((await client.post('/api/vote', { businessId: shop(1).id })).statusCode).toBe(409);
    await expectUnchanged();

    expect((await client.post('/api/reset-votes')).statusCode).toBe(200);
    expect((await expectMoved()).availableVotes).toBe(1);
  });

  it('a switch of the pass (refund, dispute), by any path, moves the pass and its progress', async () => {
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    const passEtag = etagOf(await client.get('/api/user/pass'));
    // Switched off as a webhook would, outside any request of this member.
    await setPassCounted(
      ctx.db,
      pass.id,
      { counted: false, reason: 'Refunded' },
      { now: ctx.clock.now() },
    );
    await withinTwoSeconds(
      async () => (await poll(client, '/api/user/pass', passEtag)).statusCode,
    ).toBe(200);
    expect((await client.get('/api/user/pass')).json()).toMatchObject({ active: false });
  });

  it('an organizer’s change to the battle’s shops moves every member’s answer', async () => {
    const { client } = await signedInPassHolder(ctx, challenge.id);
    const admin = await signedInAdmin(ctx.app, ctx.db);
    let etag = etagOf(await client.get('/api/user/progress'));
    const moved = async () => {
      const answer = await poll(client, '/api/user/progress', etag);
      expect(answer.statusCode).toBe(200);
      etag = etagOf(answer);
      return answer.json<{ coupons: { businessId: number }[] }>();
    };

    // A shop added: the pass gets its coupon (docs/RULES.md rule 7).
    const added = await admin.client.post('/api/admin/businesses', {
      challengeId: challenge.id,
      name: 'Added Later Café',
      description: 'New',
      address: '9 New Street',
      redemptionCode: '4999',
    });
    expect(added.statusCode).toBe(201);
    expect((await moved()).coupons).toHaveLength(3);

    // A shop deleted: its coupon leaves the pass.
    const addedId = added.json<{ id: number }>().id;
    expect((await admin.client.delete(`/api/admin/businesses/${addedId}`)).statusCode).toBe(204);
    expect((await moved()).coupons).toHaveLength(2);

    // A shop paused: nothing of the progress changed, but it is read again, not assumed.
    expect(
      (await admin.client.patch(`/api/admin/businesses/${shop(1).id}`, { paused: true }))
        .statusCode,
    ).toBe(200);
    const afterPause = await queriesDuring(ctx.database, () =>
      poll(client, '/api/user/progress', etag),
    );
    expect(afterPause.answer.statusCode).toBe(304);
    expect(afterPause.queries).toBeGreaterThan(0);
    await admin.client.patch(`/api/admin/businesses/${shop(1).id}`, { paused: false });
  });

  it('time alone moves the answer at a battle’s start or end', async () => {
    // A battle of its own world: the next battle starts in an hour and replaces nothing yet.
    const later = await createTestContext({ memberAnswerTtlMs: 60_000 });
    try {
      const { challenge: soon } = await insertRunningBattle(later.db, later.clock.now(), {
        challenge: {
          startDate: new Date(later.clock.now().getTime() + 60 * 60 * 1000),
          endDate: new Date(later.clock.now().getTime() + 30 * DAY_MS),
        },
        shops: 1,
      });
      const { client } = await signedInPassHolder(later, soon.id);
      const etag = etagOf(await client.get('/api/user/progress'));
      expect((await poll(client, '/api/user/progress', etag)).statusCode).toBe(304);

      later.clock.advance(60 * 60 * 1000);
      // The same body (nothing of the pass changed), but read again: the kept answer expired.
      const atStart = await queriesDuring(later.database, () =>
        poll(client, '/api/user/progress', etag),
      );
      expect(atStart.queries).toBeGreaterThan(0);
      expect(atStart.answer.statusCode).toBe(304);
    } finally {
      await later.close();
    }
  });

  it('an instance that does not hear every change reads the database on every poll', async () => {
    const deaf = await ctx.buildApp(ctx.db, localChangeFeed());
    const { client } = await signedInPassHolder(ctx, challenge.id);
    const onDeaf = sameCookieOn(deaf, client);
    const etag = etagOf(await onDeaf.get('/api/user/progress'));
    const unchanged = await queriesDuring(ctx.database, () =>
      poll(onDeaf, '/api/user/progress', etag),
    );
    expect(unchanged.answer.statusCode).toBe(304);
    expect(unchanged.queries).toBeGreaterThan(0);
  });
});

describe('member answers across two instances', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let challenge: Challenge;
  let shop: Business;
  beforeAll(async () => {
    ctx = await createTestContext({ memberAnswerTtlMs: 60_000 });
    other = await secondInstance(ctx);
    ({ challenge } = await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: 0 }));
    shop = await insertBusiness(ctx.db, challenge.id, { redemptionCode: '5111' });
  }, SECOND_APP_TIMEOUT_MS);
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it('a redeem and a vote on one instance reach the member’s poll on the other within 2 s', async () => {
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    const onOther = sameCookieOn(other.app, client);
    let etag = etagOf(await onOther.get('/api/user/progress'));
    // Kept on the other instance: what the notice must correct.
    const kept = await queriesDuring(other.database, () =>
      poll(onOther, '/api/user/progress', etag),
    );
    expect(kept.answer.statusCode).toBe(304);
    expect(kept.queries).toBe(0);

    const coupon = await couponOf(ctx, pass, shop.id);
    expect(
      (await client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '5111' }))
        .statusCode,
    ).toBe(200);
    await withinTwoSeconds(async () => {
      const answer = await poll(onOther, '/api/user/progress', etag);
      return answer.statusCode === 200 && answer.json<{ availableVotes: number }>().availableVotes;
    }).toBe(1);
    etag = etagOf(await onOther.get('/api/user/progress'));

    expect((await client.post('/api/vote', { businessId: shop.id })).statusCode).toBe(200);
    await withinTwoSeconds(async () => {
      const answer = await poll(onOther, '/api/user/progress', etag);
      return answer.statusCode === 200 && answer.json<{ availableVotes: number }>().availableVotes;
    }).toBe(0);
  });

  it('the instance that took the redeem keeps the answer it then sent: its notice, returning, costs no read', async () => {
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    const heard: Change[] = [];
    const stop = ctx.changes.subscribe((change) => heard.push(change));
    try {
      const coupon = await couponOf(ctx, pass, shop.id);
      expect(
        (await client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '5111' }))
          .statusCode,
      ).toBe(200);
      const etag = etagOf(await client.get('/api/user/progress'));
      // A notice sent after the redeem's had returned: one connection delivers in commit order,
      // so once this instance hears it, the redeem's own notice would have been heard too.
      other.changes.announceVoteCounts(challenge.id);
      await expect
        .poll(() => heard, { timeout: 10_000 })
        .toContainEqual({ kind: 'voteCounts', challengeId: challenge.id });
      const unchanged = await queriesDuring(ctx.database, () =>
        poll(client, '/api/user/progress', etag),
      );
      expect(unchanged.answer.statusCode).toBe(304);
      expect(unchanged.queries).toBe(0);
    } finally {
      stop();
    }
  });
});
