import { useId } from 'react';
import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { countOf } from '#shared/plural.ts';
import { useMemberDraws } from '../api/pass-draws.ts';
import { drawAdvertText } from './DrawAdvert.tsx';

/**
 * On /profile: the member's own entries in each prize draw of the battle, and their pass as the
 * published files name it (votes.csv, a draw's entries and winners), so they can find themselves
 * in the results (docs/RULES.md rule 19).
 */
export function MyDrawEntries() {
  const draws = useMemberDraws();
  const headingId = useId();
  if (!draws.data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          Prize draws and results
        </Title>
        {draws.data.draws.map((draw) => (
          <Stack key={draw.id} gap={2}>
            <Text fw={600}>
              {draw.prize}: your {countOf(draw.yourEntries, 'entry', 'entries')}
            </Text>
            <Text size="sm" c="dimmed">
              {draw.revealed ? 'Drawn: the winners are on the results page.' : drawAdvertText(draw)}
            </Text>
          </Stack>
        ))}
        <Text size="sm">
          Your pass in the published results: <Code>{draws.data.pass}</Code>
        </Text>
      </Stack>
    </Paper>
  );
}
