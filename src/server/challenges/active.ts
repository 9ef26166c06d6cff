import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, challenges, type Challenge } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * DECISIONS rule 1: among active challenges, the one running now (latest start first), else
 * the next to start, else the one that ended last; ties broken by id, so any set of rows
 * gives one answer.
 */
export async function findActiveChallenge(db: Db | Tx, now: Date): Promise<Challenge | null> {
  const at = now.toISOString();
  const phase = sql`case
    when ${challenges.startDate} <= ${at}::timestamptz and ${at}::timestamptz <= ${challenges.endDate} then 0
    when ${challenges.startDate} > ${at}::timestamptz then 1
    else 2 end`;
  const [challenge] = await db
    .select()
    .from(challenges)
    .where(eq(challenges.active, true))
    .orderBy(
      phase,
      sql`case
        when ${phase} = 0 then -extract(epoch from ${challenges.startDate})
        when ${phase} = 1 then extract(epoch from ${challenges.startDate})
        else -extract(epoch from ${challenges.endDate}) end`,
      challenges.id,
    )
    .limit(1);
  return challenge ?? null;
}

/** Redemption and voting are open only while the challenge runs (DECISIONS rule 3). */
export function challengePhase(challenge: Pick<Challenge, 'startDate' | 'endDate'>, now: Date) {
  if (now < challenge.startDate) return 'upcoming' as const;
  if (now > challenge.endDate) return 'ended' as const;
  return 'running' as const;
}

/** Shops of a challenge that have not been deleted, by display order. */
export function liveBusinessesOf(challengeId: number) {
  return and(eq(businesses.challengeId, challengeId), isNull(businesses.deletedAt));
}
