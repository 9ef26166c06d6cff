import { useId } from 'react';
import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useMessages } from '#client/i18n/language.tsx';
import { useMemberDraws } from '../api/pass-draws.ts';
import { drawAdvertText } from './DrawAdvert.tsx';

/**
 * On /profile: the member's own entries in each prize draw of the battle, and their pass as the
 * published files name it (votes.csv, a draw's entries and winners), so they can find themselves
 * in the results (docs/RULES.md rule 19).
 */
export function MyDrawEntries() {
  const intl = useMessages();
  const draws = useMemberDraws();
  const headingId = useId();
  if (!draws.data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          {intl.formatMessage({
            id: 'myDraws.title',
            defaultMessage: 'Prize draws and results',
          })}
        </Title>
        {draws.data.draws.map((draw) => (
          <Stack key={draw.id} gap={2}>
            <Text fw={600}>
              {intl.formatMessage(
                {
                  id: 'myDraws.entries',
                  defaultMessage: '{prize}: your {count, plural, one {# entry} other {# entries}}',
                },
                { prize: draw.prize, count: draw.yourEntries },
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {draw.revealed
                ? intl.formatMessage({
                    id: 'myDraws.drawn',
                    defaultMessage: 'Drawn: the winners are on the results page.',
                  })
                : drawAdvertText(draw, intl)}
            </Text>
          </Stack>
        ))}
        <Text size="sm">
          {intl.formatMessage(
            {
              id: 'myDraws.pass',
              defaultMessage: 'Your pass in the published results: <code>{pass}</code>',
            },
            { pass: draws.data.pass, code: (chunks) => <Code>{chunks}</Code> },
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
