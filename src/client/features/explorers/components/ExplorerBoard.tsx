import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { standingsFrozen, type ChallengeDto } from '#shared/challenges.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useNow } from '#client/lib/use-now.ts';
import { useExplorerBoard } from '../api/explorers.ts';

/**
 * The battle's explorer board (docs/decisions/0047): members who opted in, by shops visited,
 * ties to who got there first. Shown on the battle page and the results page.
 */
export function ExplorerBoard({
  challenge,
}: {
  challenge: Pick<ChallengeDto, 'id' | 'endDate' | 'standingsFreezeHours'>;
}) {
  const intl = useMessages();
  const board = useExplorerBoard(challenge.id);
  const now = useNow();
  const headingId = useId();
  if (!board.data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {intl.formatMessage({ id: 'explorerBoard.title', defaultMessage: 'Explorer Board' })}
        </Title>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({
            id: 'explorerBoard.text',
            defaultMessage:
              'Members who chose to be listed, by shops visited; on a tie, whoever got there first. Pass holders join from their pass.',
          })}
        </Text>
        {standingsFrozen(challenge, now) && (
          <Text size="sm">
            {intl.formatMessage(
              {
                id: 'explorerBoard.frozen',
                defaultMessage:
                  'Frozen with the standings: shops visited in the last {hours, plural, one {# hour} other {# hours}} show when the battle ends.',
              },
              { hours: challenge.standingsFreezeHours },
            )}
          </Text>
        )}
        {board.data.length === 0 ? (
          <Text size="sm">
            {intl.formatMessage({
              id: 'explorerBoard.empty',
              defaultMessage: 'Nobody on the board yet.',
            })}
          </Text>
        ) : (
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  {intl.formatMessage({ id: 'explorerBoard.place', defaultMessage: 'Place' })}
                </Table.Th>
                <Table.Th scope="col">
                  {intl.formatMessage({ id: 'explorerBoard.explorer', defaultMessage: 'Explorer' })}
                </Table.Th>
                <Table.Th scope="col">
                  {intl.formatMessage({
                    id: 'explorerBoard.shopsVisited',
                    defaultMessage: 'Shops visited',
                  })}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.data.map((explorer, index) => (
                <Table.Tr key={`${String(index)}-${explorer.name}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{explorer.name}</Table.Td>
                  <Table.Td>{explorer.shops}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
