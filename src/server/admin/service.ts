import { and, asc, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type {
  Dashboard,
  Leaderboard,
  LeaderboardPage,
  Standing,
  WeeklyTrend,
} from '#shared/admin.ts';
import { RECENT_PURCHASES_SHOWN, TOP_BUSINESSES_SHOWN } from '#shared/constants.ts';
import type { PassDto } from '#shared/passes.ts';
import { percentOf, rankOf } from '#shared/ranking.ts';
import type { Db } from '../db/client.ts';
import {
  businesses,
  challenges,
  passes,
  voteDays,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { findCurrentBattle, liveBusinessesOf } from '../challenges/current-battle.ts';
import { toChallengeDto } from '../challenges/service.ts';
import { notFound } from '../errors.ts';
import { requireChallenge } from '../challenges/require.ts';
import { toPassDto } from '../passes/service.ts';
import { moneyAtAGlance } from '../settlement/service.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Standings from the shops' vote counters (kept with every vote), so they cost the same at any
 * number of votes. Most votes first; ranks and percentages per docs/RULES.md rule 10.
 */
async function standingsOf(
  db: Db,
  challengeId: number,
): Promise<{ totalVotes: number; standings: Standing[] }> {
  const shops: Business[] = await db
    .select()
    .from(businesses)
    .where(liveBusinessesOf(challengeId))
    .orderBy(desc(businesses.voteCount), asc(businesses.position), asc(businesses.id));
  const all = shops.map((shop) => shop.voteCount);
  const totalVotes = all.reduce((a, b) => a + b, 0);
  return {
    totalVotes,
    standings: shops.map((shop) => ({
      businessId: shop.id,
      name: shop.name,
      address: shop.address,
      votes: shop.voteCount,
      rank: rankOf(shop.voteCount, all),
      percent: percentOf(shop.voteCount, totalVotes),
    })),
  };
}

export async function leaderboardOf(db: Db, challenge: Challenge): Promise<Leaderboard> {
  return { challenge: toChallengeDto(challenge), ...(await standingsOf(db, challenge.id)) };
}

/**
 * The leaderboard page: every challenge for the selector and the chosen one's standings;
 * without a choice the current battle (rule 1), else the first.
 */
export async function leaderboardPage(
  db: Db,
  input: { challengeId?: number | undefined; now: Date },
): Promise<LeaderboardPage> {
  const all = await db
    .select()
    .from(challenges)
    .orderBy(desc(challenges.startDate), asc(challenges.id));
  const current = await findCurrentBattle(db, input.now);
  let chosen: Challenge | undefined;
  if (input.challengeId !== undefined) {
    chosen = all.find((challenge) => challenge.id === input.challengeId);
    if (!chosen) throw notFound('Challenge not found');
  } else {
    chosen = current ?? all[0];
  }
  return {
    challenges: all.map(toChallengeDto),
    activeChallengeId: current?.id ?? null,
    leaderboard: chosen ? await leaderboardOf(db, chosen) : null,
  };
}

function trend(thisWeek: number, lastWeek: number): WeeklyTrend {
  return {
    thisWeek,
    lastWeek,
    percentChange: lastWeek > 0 ? Math.round(((thisWeek - lastWeek) / lastWeek) * 100) : null,
  };
}

/**
 * Votes cast in the last 7 days of the challenge's calendar (today included) against the 7 before,
 * from the per-day counters (docs/decisions/0018): at most 14 rows per shop, whatever the votes.
 */
async function votesTrendOf(db: Db, challenge: Challenge, now: Date): Promise<WeeklyTrend> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${challenge.timeZone})::date`;
  const [weeks] = await db
    .select({
      thisWeek:
        sql<number>`coalesce(sum(${voteDays.votes}) filter (where ${voteDays.day} > ${today} - 7), 0)`.mapWith(
          Number,
        ),
      lastWeek:
        sql<number>`coalesce(sum(${voteDays.votes}) filter (where ${voteDays.day} <= ${today} - 7), 0)`.mapWith(
          Number,
        ),
    })
    .from(voteDays)
    .where(
      and(
        eq(voteDays.challengeId, challenge.id),
        sql`${voteDays.day} > ${today} - 14`,
        sql`${voteDays.day} <= ${today}`,
      ),
    );
  return trend(weeks?.thisWeek ?? 0, weeks?.lastWeek ?? 0);
}

/**
 * The organizer's dashboard. Vote figures come from the shops' counters and the per-day vote
 * counters; the passes trend is a real count of this week's purchases against last week's.
 */
export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const [challengeCount] = await db.select({ n: count() }).from(challenges);
  const challengesTotal = challengeCount?.n ?? 0;
  const current = await findCurrentBattle(db, now);
  if (!current) {
    return {
      activeChallenge: null,
      money: null,
      totals: { passes: 0, businesses: 0, votes: 0, challenges: challengesTotal },
      passesTrend: null,
      votesTrend: null,
      topBusinesses: [],
      recentPurchases: [],
    };
  }
  const passesOf = eq(passes.challengeId, current.id);
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * WEEK_MS);
  const [passesTotal, thisWeek, lastWeek, shopTotals, recent, { standings }, votesTrend, money] =
    await Promise.all([
      db.$count(passes, passesOf),
      db.$count(passes, and(passesOf, gte(passes.purchaseDate, weekAgo))),
      db.$count(
        passes,
        and(passesOf, gte(passes.purchaseDate, twoWeeksAgo), lt(passes.purchaseDate, weekAgo)),
      ),
      db
        .select({ shops: count(), votes: sum(businesses.voteCount).mapWith(Number) })
        .from(businesses)
        .where(liveBusinessesOf(current.id)),
      db
        .select({ id: passes.id, purchaseDate: passes.purchaseDate })
        .from(passes)
        .where(passesOf)
        .orderBy(desc(passes.purchaseDate), desc(passes.id))
        .limit(RECENT_PURCHASES_SHOWN),
      standingsOf(db, current.id),
      votesTrendOf(db, current, now),
      moneyAtAGlance(db, current.id),
    ]);
  return {
    activeChallenge: toChallengeDto(current),
    money,
    totals: {
      passes: passesTotal,
      businesses: shopTotals[0]?.shops ?? 0,
      votes: shopTotals[0]?.votes ?? 0,
      challenges: challengesTotal,
    },
    passesTrend: trend(thisWeek, lastWeek),
    votesTrend,
    topBusinesses: standings.slice(0, TOP_BUSINESSES_SHOWN),
    recentPurchases: recent.map((pass) => ({
      passId: pass.id,
      purchaseDate: pass.purchaseDate.toISOString(),
      price: current.price,
    })),
  };
}

/** GET /api/passes/challenge/:challengeId: every pass of a challenge, newest first. */
export async function passesOfChallenge(db: Db, challengeId: number): Promise<PassDto[]> {
  await requireChallenge(db, challengeId);
  const rows = await db
    .select()
    .from(passes)
    .where(eq(passes.challengeId, challengeId))
    .orderBy(desc(passes.purchaseDate), desc(passes.id));
  return rows.map(toPassDto);
}
