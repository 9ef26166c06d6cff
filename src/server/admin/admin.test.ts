import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passes, payments } from '#server/db/schema.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { issuePass } from '../passes/issue.ts';

const ctx = useTestApp();

describe('admin reads', () => {
  it('are for organizers only: 401 signed out, 403 for members', async () => {
    const anonymous = new TestClient(ctx.app);
    const { client: member } = await signedInMember(ctx.app);
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/leaderboard',
      '/api/passes/challenge/1',
    ]) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
      expect((await member.get(url)).statusCode).toBe(403);
    }
  });

  it('show the prompt state with no challenge', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    expect((await client.get('/api/admin/dashboard')).json()).toEqual({
      activeChallenge: null,
      money: null,
      totals: { passes: 0, businesses: 0, votes: 0, challenges: 0 },
      passesTrend: null,
      votesTrend: null,
      topBusinesses: [],
      recentPurchases: [],
    });
    expect((await client.get('/api/admin/leaderboard')).json()).toEqual({
      challenges: [],
      activeChallengeId: null,
      leaderboard: null,
    });
  });

  it('rank shops by their vote counters, ties sharing a rank, with whole percentages', async () => {
    const now = ctx.clock.now();
    const challenge = await insertChallenge(ctx.db, now, { title: 'Coffee', price: 30 });
    const older = await insertChallenge(ctx.db, now, {
      title: 'Tacos',
      active: false,
      startDate: new Date(now.getTime() - 90 * DAY_MS),
      endDate: new Date(now.getTime() - 60 * DAY_MS),
    });
    const a = await insertBusiness(ctx.db, challenge.id, { name: 'A', position: 0 });
    const b = await insertBusiness(ctx.db, challenge.id, { name: 'B', position: 1 });
    const c = await insertBusiness(ctx.db, challenge.id, { name: 'C', position: 2 });
    await insertBusiness(ctx.db, challenge.id, { name: 'Gone', deletedAt: now, voteCount: 50 });

    // Votes cast through the API: B 2, C 2, A 1.
    for (const target of [b, b, c, c, a]) {
      const holder = await signedInPassHolder(ctx, challenge.id);
      await markRedeemed(ctx, holder.pass, [target.id]);
      expect((await holder.client.post('/api/vote', { businessId: target.id })).statusCode).toBe(
        200,
      );
    }
    // One pass bought 10 days ago (last week), the five above this week.
    const { user } = await signedInMember(ctx.app);
    await ctx.db.transaction((tx) =>
      issuePass(tx, {
        userId: user.id,
        challengeId: challenge.id,
        purchaseDate: new Date(now.getTime() - 10 * DAY_MS),
      }),
    );

    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const page = (await client.get('/api/admin/leaderboard')).json();
    expect(page.activeChallengeId).toBe(challenge.id);
    expect(page.challenges.map((each: { title: string }) => each.title)).toEqual([
      'Coffee',
      'Tacos',
    ]);
    expect(page.leaderboard.totalVotes).toBe(5);
    expect(
      page.leaderboard.standings.map(
        (s: { name: string; rank: number; percent: number; votes: number }) => [
          s.name,
          s.votes,
          s.rank,
          s.percent,
        ],
      ),
    ).toEqual([
      ['B', 2, 1, 40],
      ['C', 2, 1, 40],
      ['A', 1, 3, 20],
    ]);
    const tacos = (await client.get(`/api/admin/leaderboard?challengeId=${older.id}`)).json();
    expect(tacos.leaderboard).toMatchObject({
      challenge: { title: 'Tacos' },
      totalVotes: 0,
      standings: [],
    });
    expect((await client.get('/api/admin/leaderboard?challengeId=999999')).statusCode).toBe(404);

    const dashboard = (await client.get('/api/admin/dashboard')).json();
    expect(dashboard.activeChallenge.title).toBe('Coffee');
    expect(dashboard.totals).toEqual({ passes: 6, businesses: 3, votes: 5, challenges: 2 });
    expect(dashboard.passesTrend).toEqual({ thisWeek: 5, lastWeek: 1, percentChange: 400 });
    expect(dashboard.votesTrend).toEqual({ thisWeek: 5, lastWeek: 0, percentChange: null });
    expect(dashboard.topBusinesses.map((s: { name: string }) => s.name)).toEqual(['B', 'C', 'A']);
    expect(dashboard.recentPurchases).toHaveLength(5);
    expect(dashboard.recentPurchases[0]).toMatchObject({ price: 30 });

    const passList = (await client.get(`/api/passes/challenge/${challenge.id}`)).json();
    expect(passList).toHaveLength(6);
    expect(passList.at(-1).userId).toBe(user.id);
    expect((await client.get('/api/passes/challenge/999999')).statusCode).toBe(404);
  });

  it("show the current battle's money at a glance, as the settlement counts it", async () => {
    const now = ctx.clock.now();
    // The latest start among running battles: the current one, whatever earlier tests made.
    const challenge = await insertChallenge(ctx.db, now, {
      title: 'Money',
      price: 30,
      startDate: new Date(now.getTime() - 60_000),
      endDate: new Date(now.getTime() + 30 * DAY_MS),
    });
    const shop = await insertBusiness(ctx.db, challenge.id, { name: 'Till' });
    /** A pass holder whose pass came with a payment in this state. */
    const holderWithPayment = async (status: 'paid' | 'refunded') => {
      const holder = await signedInPassHolder(ctx, challenge.id);
      const [payment] = await ctx.db
        .insert(payments)
        .values({
          provider: 'sandbox',
          providerSessionId: `session_${holder.pass.id}`,
          userId: holder.user.id,
          challengeId: challenge.id,
          amountCents: 3000,
          status,
        })
        .returning();
      await ctx.db
        .update(passes)
        .set({ paymentId: payment!.id })
        .where(eq(passes.id, holder.pass.id));
      return holder;
    };
    const buyers = [await holderWithPayment('paid'), await holderWithPayment('paid')];
    await holderWithPayment('refunded');
    await signedInPassHolder(ctx, challenge.id); // a test pass: nothing sold
    for (const buyer of buyers) await markRedeemed(ctx, buyer.pass, [shop.id]);

    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const payoutsUrl = `/api/admin/challenges/${challenge.id}/payouts`;
    const kept = await client.post(payoutsUrl, { shopId: shop.id, amountDollars: 5 });
    const voided = await client.post(payoutsUrl, { shopId: shop.id, amountDollars: 5 });
    expect(
      (await client.post(`${payoutsUrl}/${voided.json().id}/void`, { reason: 'Twice' })).statusCode,
    ).toBe(200);
    expect(kept.statusCode).toBe(201);

    const dashboard = (await client.get('/api/admin/dashboard')).json();
    expect(dashboard.money).toEqual({
      passesSold: 2,
      freePasses: 0,
      grossCents: 6000,
      paidToShopsDollars: 5,
      owedToShopsDollars: 5,
    });
    const settlement = (
      await client.get(`/api/admin/challenges/${challenge.id}/settlement`)
    ).json();
    expect(settlement.totals).toMatchObject({ paidDollars: 5, owedDollars: 5 });
  });
});
