import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatInstant } from '#shared/date-range.ts';
import { paths } from '#shared/paths.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * Where to go after an ended battle: the next one, if the organizers have published it. By
 * docs/RULES.md rule 1 a published battle that runs or is still to come is the active one, so it
 * is the next battle whenever it is not the ended one itself; the home page shows it.
 */
export function NextBattle({ endedChallengeId }: { endedChallengeId: number }) {
  const challenge = useCurrentBattle();
  const candidate = challenge.data?.id === endedChallengeId ? null : (challenge.data ?? null);
  const phase = useChallengePhase(candidate);
  const intl = useMessages();
  if (challenge.isPending) return null;
  if (!candidate || phase === null || phase === 'ended') {
    return (
      <Text c="dimmed">
        {intl.formatMessage({
          id: 'nextBattle.none',
          defaultMessage: 'No next battle is planned yet.',
        })}
      </Text>
    );
  }
  const when = (instant: string) =>
    formatInstant(instant, candidate.timeZone, { locale: intl.locale });
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.home} fw={700}>
        {intl.formatMessage(
          { id: 'nextBattle.title', defaultMessage: 'Next battle: {title}' },
          { title: candidate.title },
        )}
      </Anchor>
      <Text size="sm" c="dimmed">
        {phase === 'upcoming'
          ? intl.formatMessage(
              { id: 'nextBattle.starts', defaultMessage: 'Starts {when}' },
              { when: when(candidate.startDate) },
            )
          : intl.formatMessage(
              { id: 'nextBattle.runningUntil', defaultMessage: 'Running until {when}' },
              { when: when(candidate.endDate) },
            )}
      </Text>
    </Stack>
  );
}
