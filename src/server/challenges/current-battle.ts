import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { businesses, challenges, type Challenge } from '../db/schema.ts';
import { isLiveShop } from '../businesses/live.ts';

/**
 * The current battle (docs/GLOSSARY.md; docs/RULES.md rule 1): among published challenges, the
 * one running now (latest start first), else the next to start, else the one that ended last;
 * ties broken by id, so any set of rows gives one answer. The ordering lives in the database's
 * active_challenge_id (src/server/db/rules/active_challenge_id.sql), which the rule functions use
 * too.
 */
export async function findCurrentBattle(db: Db | Tx, now: Date): Promise<Challenge | null> {
  const [challenge] = await db
    .select()
    .from(challenges)
    .where(eq(challenges.id, sql`(select active_challenge_id(${now.toISOString()}::timestamptz))`));
  return challenge ?? null;
}

/** Shops of a challenge that have not been deleted, by display order. */
export function liveBusinessesOf(challengeId: number) {
  return and(eq(businesses.challengeId, challengeId), isLiveShop);
}
