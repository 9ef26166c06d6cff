import { useEffect, useState } from 'react';
import { challengePhase, nextPhaseChange, type ChallengePhase } from '#shared/challenge-phase.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { pageNow } from './drawn-at.ts';

/** setTimeout fires at once for delays above 2^31 - 1 ms (about 24.8 days). */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The phase of a challenge now (the shared rule the server applies too), re-rendering the page
 * when the start or end instant passes. Null while the challenge is unknown or absent.
 */
export function useChallengePhase(
  challenge: Pick<ChallengeDto, 'startDate' | 'endDate'> | null | undefined,
): ChallengePhase | null {
  // From the instant the page was drawn (drawn-at.ts), then the real time once mounted.
  const [now, setNow] = useState(pageNow);
  const startDate = challenge?.startDate;
  const endDate = challenge?.endDate;
  useEffect(() => {
    if (startDate === undefined || endDate === undefined) return undefined;
    const dates = { startDate, endDate };
    const current = Date.now();
    // A page drawn at another instant catches up at once; otherwise at the next change.
    const next =
      challengePhase(dates, now) === challengePhase(dates, current)
        ? nextPhaseChange(dates, current)
        : current;
    if (next === null) return undefined;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(LONGEST_TIMER_MS, Math.max(0, next - current)),
    );
    return () => clearTimeout(timer);
  }, [startDate, endDate, now]);
  if (startDate === undefined || endDate === undefined) return null;
  return challengePhase({ startDate, endDate }, now);
}
