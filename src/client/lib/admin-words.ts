import { defineMessages, type IntlShape } from 'react-intl';
import { activeMark, type ChallengeDto } from '#shared/challenges.ts';

/** The words several organizer pages share about their list of challenges. */
export const challengeListWords = defineMessages({
  label: { id: 'adminChallenges.pickerLabel', defaultMessage: 'Challenge' },
  loading: { id: 'adminChallenges.loading', defaultMessage: 'Loading challenges' },
  loadFailed: { id: 'adminChallenges.loadFailed', defaultMessage: 'Could not load the challenges' },
  fetchFailed: { id: 'adminChallenges.fetchFailed', defaultMessage: 'Failed to fetch challenges.' },
});

/**
 * A challenge as the organizer's pickers name it: its title, marked ' (Active)' as the spec says
 * while its status is Active (#shared/challenges.ts `activeMark`).
 */
export function challengeOptionLabel(
  challenge: Pick<ChallengeDto, 'title' | 'active' | 'startDate' | 'endDate'>,
  now: number,
  intl: IntlShape,
): string {
  return activeMark(challenge, now)
    ? intl.formatMessage(
        { id: 'adminChallenges.activeOption', defaultMessage: '{title} (Active)' },
        { title: challenge.title },
      )
    : challenge.title;
}
