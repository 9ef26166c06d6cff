import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import { rankOf, shownRank } from '#shared/ranking.ts';
import {
  RESULTS_METHOD,
  RESULTS_NOT_YET_MESSAGE,
  type RankingRow,
  type Results,
} from '#shared/results.ts';
import type { Db } from '../db/client.ts';
import { businesses, challenges, type Challenge } from '../db/schema.ts';
import { liveBusinessesOf } from '../challenges/current-battle.ts';
import { conflict, notFound } from '../errors.ts';
import { votesCsvStream } from '../settlement/service.ts';
import { publicDrawsOf } from '../draws/service.ts';

/** docs/RULES.md rule 17: a challenge whose results are public at `now`, i.e. one that has ended. */
export async function endedChallenge(db: Db, challengeId: number, now: Date): Promise<Challenge> {
  const [challenge] = await db.select().from(challenges).where(eq(challenges.id, challengeId));
  if (!challenge) throw notFound('Challenge not found');
  if (now < challenge.endDate) throw conflict(RESULTS_NOT_YET_MESSAGE);
  return challenge;
}

/**
 * docs/RULES.md rule 17: live shops by counted votes, counted from the vote rows with the filter
 * of votes.csv (an active pass, a live shop), so a recount of the file gives these numbers.
 */
export async function rankingOf(db: Db, challengeId: number): Promise<RankingRow[]> {
  const rows = await db
    .select({
      businessId: businesses.id,
      name: businesses.name,
      votes: sql<number>`(select count(*) from votes v join passes p on p.id = v.pass_id
        where v.business_id = "businesses"."id" and p.active)::int`,
      redeemers: sql<number>`(select count(distinct p.user_id) from coupons k
        join passes p on p.id = k.pass_id
        where k.business_id = "businesses"."id" and k.redeemed and p.active)::int`,
    })
    .from(businesses)
    .where(liveBusinessesOf(challengeId))
    .orderBy(asc(businesses.position), asc(businesses.id));
  const all = rows.map((row) => row.votes);
  return rows
    .map((row) => ({
      ...row,
      share: row.redeemers > 0 ? row.votes / row.redeemers : 0,
      rank: shownRank({ rank: rankOf(row.votes, all), votes: row.votes }),
    }))
    .sort((a, b) => b.votes - a.votes);
}

/** Lowercase hex SHA-256 of everything a stream yields. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** GET /api/challenges/{id}/results of an ended challenge. */
export async function resultsOf(db: Db, challenge: Challenge): Promise<Results> {
  return {
    challengeId: challenge.id,
    endedAt: challenge.endDate.toISOString(),
    timeZone: challenge.timeZone,
    method: RESULTS_METHOD,
    ranking: await rankingOf(db, challenge.id),
    votesCsvSha256: await sha256Of(await votesCsvStream(db, challenge.id)),
    draws: await publicDrawsOf(db, challenge.id),
  };
}
