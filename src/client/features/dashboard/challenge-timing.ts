import { challengePhase, type ChallengePhase } from '#shared/challenge-phase.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { countOf } from '#shared/plural.ts';

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

/** What the dashboard's challenge card says about the challenge now. */
export interface ChallengeCardState {
  label: 'Unpublished' | 'Upcoming' | 'Active' | 'Ended';
  color: string;
  /** The line under the period bar. */
  note: string;
}

/**
 * The card's badge follows the shared phase rule (src/shared/challenge-phase.ts) and the active
 * flag: the spec's 'Active' for the published, running challenge only, so an upcoming or
 * finished challenge never reads 'Active'. `phase` is that rule's answer
 * when the caller already knows it more exactly than `now` (which may be a minute old).
 */
export function challengeCardState(
  challenge: Pick<ChallengeDto, 'active' | 'startDate' | 'endDate'>,
  now: number,
  phase: ChallengePhase = challengePhase(challenge, now),
): ChallengeCardState {
  const { daysRemaining } = challengeTiming(challenge, now);
  const daysToStart = Math.max(0, Math.ceil((Date.parse(challenge.startDate) - now) / DAY_MS));
  const note =
    phase === 'upcoming'
      ? `Starts in ${countOf(daysToStart, 'day')}`
      : phase === 'ended'
        ? 'Ended'
        : `${countOf(daysRemaining, 'day')} remaining`;
  if (!challenge.active) return { label: 'Unpublished', color: 'gray.7', note };
  if (phase === 'upcoming') return { label: 'Upcoming', color: 'blue.8', note };
  if (phase === 'ended') return { label: 'Ended', color: 'gray.7', note };
  return { label: 'Active', color: 'teal.9', note };
}
