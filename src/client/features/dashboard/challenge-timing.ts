import type { ChallengeDto } from '#shared/challenges.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Share of the period gone (whole percent), and whole days left rounded up, never below 0 (docs/SPEC.md section 9). */
export function challengeTiming(
  challenge: Pick<ChallengeDto, 'startDate' | 'endDate'>,
  now: number,
) {
  const start = Date.parse(challenge.startDate);
  const end = Date.parse(challenge.endDate);
  const elapsed = Math.min(1, Math.max(0, (now - start) / (end - start)));
  return {
    percentElapsed: Math.round(elapsed * 100),
    daysRemaining: Math.max(0, Math.ceil((end - now) / DAY_MS)),
  };
}
