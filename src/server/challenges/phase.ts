import { sql, type SQL } from 'drizzle-orm';
import type { ChallengePhase } from '#shared/challenge-phase.ts';
import { challenges } from '../db/schema.ts';

/**
 * A challenges row in `phase` at `now`, in a query: the database's challenge_phase
 * (src/server/db/rules/challenge_phase.sql), the same rule as challengePhase and hasEnded in
 * src/shared/challenge-phase.ts, so a job and a request never disagree about the end instant.
 */
export function challengeInPhase(phase: ChallengePhase, now: Date): SQL {
  return sql`challenge_phase(${challenges.startDate}, ${challenges.endDate}, ${now.toISOString()}::timestamptz) = ${phase}`;
}
