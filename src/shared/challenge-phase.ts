/** Where a challenge stands at a moment: the one definition that every page and the server use. */
export type ChallengePhase = 'upcoming' | 'running' | 'ended';

type Instant = Date | string | number;
const epochMs = (instant: Instant) =>
  instant instanceof Date ? instant.getTime() : new Date(instant).getTime();

/**
 * Before the start instant it is upcoming, from start to end (both included) it runs, after the
 * end it has ended (docs/RULES.md rules 3 and 11). Passes sell, coupons redeem and votes count
 * only while it runs.
 */
export function challengePhase(
  challenge: { startDate: Instant; endDate: Instant },
  now: Instant,
): ChallengePhase {
  const at = epochMs(now);
  if (at < epochMs(challenge.startDate)) return 'upcoming';
  if (at > epochMs(challenge.endDate)) return 'ended';
  return 'running';
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
