/** Where a challenge stands at a moment: the one definition that every page and the server use. */
export type ChallengePhase = 'upcoming' | 'running' | 'ended';

type Instant = Date | string | number;
const epochMs = (instant: Instant) =>
  instant instanceof Date ? instant.getTime() : new Date(instant).getTime();

/**
 * Whether the challenge has ended at `now`: only after its end instant, never at it (docs/RULES.md
 * rules 11 and 23). The one answer for results, draws, the standings freeze, reminders and the
 * fixed dates and shops of an ended battle, so nothing is published while a vote still counts;
 * SQL asks challenge_phase() (src/server/db/rules/challenge_phase.sql) for the same.
 */
export function hasEnded(challenge: { endDate: Instant }, now: Instant): boolean {
  return epochMs(now) > epochMs(challenge.endDate);
}

/**
 * Before the start instant it is upcoming, from start to end (both included) it runs, after the
 * end it has ended (docs/RULES.md rules 3 and 11). Passes sell, coupons redeem and votes count
 * only while it runs.
 */
export function challengePhase(
  challenge: { startDate: Instant; endDate: Instant },
  now: Instant,
): ChallengePhase {
  if (epochMs(now) < epochMs(challenge.startDate)) return 'upcoming';
  return hasEnded(challenge, now) ? 'ended' : 'running';
}

/** The next instant at which the phase changes, or null once the challenge has ended. */
export function nextPhaseChange(
  challenge: { startDate: Instant; endDate: Instant },
  now: Instant,
): number | null {
  const phase = challengePhase(challenge, now);
  if (phase === 'upcoming') return epochMs(challenge.startDate);
  // 'ended' begins just after the end instant.
  if (phase === 'running') return epochMs(challenge.endDate) + 1;
  return null;
}
