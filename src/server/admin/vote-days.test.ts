import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voteDays, votes } from '#server/db/schema.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { queryRows } from '#tests/helpers/test-db.ts';
import { signedInAdmin, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();

async function daysOf(challengeId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ day: string; votes: number }>(
    ctx.db,
    sql`select day::text as day, sum(votes)::integer as votes from vote_days
      where challenge_id = ${challengeId} group by day order by day`,
  );
  return Object.fromEntries(rows.map((row) => [row.day, row.votes]));
}

describe('votes cast per day (docs/decisions/0018)', () => {
  it("count each vote on its day in the challenge's time zone, and the dashboard compares weeks from them", async () => {
    // New York leaves daylight saving time on 2026-11-01: the days below straddle the change. The
    // clock stays in the past, where the members' sessions (made on the real clock) are valid.
    const today = new Date('2026-11-10T15:00:00Z'); // Nov 10, 10:00 in New York
    ctx.clock.set(new Date('2026-10-26T12:00:00Z'));
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
      title: 'Bagels',
      timeZone: 'America/New_York',
      votesPerShop: null,
      startDate: new Date('2026-10-20T04:00:00Z'),
      endDate: new Date('2026-11-30T05:00:00Z'),
    });
    const shops = await Promise.all(
      [0, 1, 2].map((position) => insertBusiness(ctx.db, challenge.id, { position })),
    );
    const first = await signedInPassHolder(ctx, challenge.id);
    const second = await signedInPassHolder(ctx, challenge.id);
    for (const holder of [first, second]) {
      await markRedeemed(
        ctx,
        holder.pass,
        shops.map((shop) => shop.id),
      );
    }
    const castAt = async (holder: typeof first, instant: string, shopIndex: number) => {
      ctx.clock.set(new Date(instant));
      const answer = await holder.client.post('/api/vote', { businessId: shops[shopIndex]!.id });
      expect(answer.statusCode).toBe(200);
    };
    await castAt(first, '2026-10-27T12:00:00Z', 0); // Oct 27: two weeks ago, in neither week
    await castAt(first, '2026-11-04T04:30:00Z', 1); // Nov 3, 23:30 in New York: last week
    await castAt(first, '2026-11-04T05:30:00Z', 2); // Nov 4, 00:30 in New York: this week
    await castAt(second, '2026-11-10T04:30:00Z', 0); // Nov 9, 23:30 in New York
    await castAt(second, today.toISOString(), 1);

    expect(await daysOf(challenge.id)).toEqual({
      '2026-10-27': 1,
      '2026-11-03': 1,
      '2026-11-04': 1,
      '2026-11-09': 1,
      '2026-11-10': 1,
    });
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const dashboard = (await admin.get('/api/admin/dashboard')).json();
    expect(dashboard.activeChallenge.title).toBe('Bagels');
    expect(dashboard.votesTrend).toEqual({ thisWeek: 3, lastWeek: 1, percentChange: 200 });

    // The figures count votes as cast: resetting them takes them off the standings, not the days.
    expect((await first.client.post('/api/reset-votes', {})).statusCode).toBe(200);
    expect(await ctx.db.$count(votes, eq(votes.passId, first.pass.id))).toBe(0);
    expect((await admin.get('/api/admin/dashboard')).json().votesTrend).toEqual({
      thisWeek: 3,
      lastWeek: 1,
      percentChange: 200,
    });

    // A week later the same rows are last week's.
    ctx.clock.set(new Date(today.getTime() + 7 * DAY_MS));
    expect((await admin.get('/api/admin/dashboard')).json().votesTrend).toEqual({
      thisWeek: 0,
      lastWeek: 3,
      percentChange: -100,
    });
  });

  it('count parallel votes for one shop exactly', async () => {
    ctx.clock.set(new Date('2026-03-10T18:00:00Z')); // in the past, like the test above
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
      title: 'Parallel',
      timeZone: 'Asia/Tokyo',
    });
    const shop = await insertBusiness(ctx.db, challenge.id);
    const holders = await Promise.all(
      Array.from({ length: 16 }, () => signedInPassHolder(ctx, challenge.id)),
    );
    for (const holder of holders) await markRedeemed(ctx, holder.pass, [shop.id]);
    const answers = await Promise.all(
      holders.map((holder) => holder.client.post('/api/vote', { businessId: shop.id })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(holders.map(() => 200));
    // 18:00 UTC is 03:00 the next day in Tokyo.
    expect(await daysOf(challenge.id)).toEqual({ '2026-03-11': 16 });
    expect(await ctx.db.$count(voteDays, eq(voteDays.businessId, shop.id))).toBe(1);
  });
});
