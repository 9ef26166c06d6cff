import type { IntlShape } from 'react-intl';
import { challengePhase, type ChallengePhase } from '#shared/challenge-phase.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { sourceIntl } from '#client/i18n/language.tsx';

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
  /** The badge: 'Unpublished', 'Upcoming', 'Active' or 'Ended', in the page's language. */
  label: string;
  color: string;
  /** The line under the period bar. */
  note: string;
}

/**
 * The card's badge follows the shared phase rule (src/shared/challenge-phase.ts) and the active
 * flag: the spec's 'Active' for the published, running challenge only, so an upcoming or
 * finished challenge never reads 'Active'. `phase` is that rule's answer
 * when the caller already knows it more exactly than `now` (which may be a minute old). Written
 * in `intl`'s language.
 */
export function challengeCardState(
  challenge: Pick<ChallengeDto, 'active' | 'startDate' | 'endDate'>,
  now: number,
  phase: ChallengePhase = challengePhase(challenge, now),
  intl: IntlShape = sourceIntl(),
): ChallengeCardState {
  const { daysRemaining } = challengeTiming(challenge, now);
  const daysToStart = Math.max(0, Math.ceil((Date.parse(challenge.startDate) - now) / DAY_MS));
  const ended = intl.formatMessage({ id: 'challengeCard.ended', defaultMessage: 'Ended' });
  const note =
    phase === 'upcoming'
      ? intl.formatMessage(
          {
            id: 'challengeCard.startsIn',
            defaultMessage: 'Starts in {days, plural, one {# day} other {# days}}',
          },
          { days: daysToStart },
        )
      : phase === 'ended'
        ? ended
        : intl.formatMessage(
            {
              id: 'challengeCard.remaining',
              defaultMessage: '{days, plural, one {# day} other {# days}} remaining',
            },
            { days: daysRemaining },
          );
  if (!challenge.active) {
    const label = intl.formatMessage({
      id: 'challengeCard.unpublished',
      defaultMessage: 'Unpublished',
    });
    return { label, color: 'gray.7', note };
  }
  if (phase === 'upcoming') {
    const label = intl.formatMessage({ id: 'challengeCard.upcoming', defaultMessage: 'Upcoming' });
    return { label, color: 'blue.8', note };
  }
  if (phase === 'ended') return { label: ended, color: 'gray.7', note };
  const label = intl.formatMessage({ id: 'challengeCard.active', defaultMessage: 'Active' });
  return { label, color: 'teal.9', note };
}
