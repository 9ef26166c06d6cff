import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatInstant } from '#shared/date-range.ts';
import { paths } from '#shared/paths.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';

/**
 * Where to go after an ended battle: the next one, if the organizers have published it. By
 * docs/RULES.md rule 1 a published battle that runs or is still to come is the active one, so it
 * is the next battle whenever it is not the ended one itself; the home page shows it.
 */
export function NextBattle({ endedChallengeId }: { endedChallengeId: number }) {
  const challenge = useCurrentBattle();
  const candidate = challenge.data?.id === endedChallengeId ? null : (challenge.data ?? null);
  const phase = useChallengePhase(candidate);
  if (challenge.isPending) return null;
  if (!candidate || phase === null || phase === 'ended') {
    return <Text c="dimmed">No next battle is planned yet.</Text>;
  }
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.home} fw={700}>
        Next battle: {candidate.title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {phase === 'upcoming'
          ? `Starts ${formatInstant(candidate.startDate, candidate.timeZone)}`
          : `Running until ${formatInstant(candidate.endDate, candidate.timeZone)}`}
      </Text>
    </Stack>
  );
}
