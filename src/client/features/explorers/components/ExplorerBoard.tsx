import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { standingsFrozen, type ChallengeDto } from '#shared/challenges.ts';
import { countOf } from '#shared/plural.ts';
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
  const board = useExplorerBoard(challenge.id);
  const now = useNow();
  const headingId = useId();
  if (!board.data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          Explorer Board
        </Title>
        <Text size="sm" c="dimmed">
          Members who chose to be listed, by shops visited; on a tie, whoever got there first. Pass
          holders join from their pass.
        </Text>
        {standingsFrozen(challenge, now) && (
          <Text size="sm">
            Frozen with the standings: shops visited in the last{' '}
            {countOf(challenge.standingsFreezeHours, 'hour')} show when the battle ends.
          </Text>
        )}
        {board.data.length === 0 ? (
          <Text size="sm">Nobody on the board yet.</Text>
        ) : (
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Place</Table.Th>
                <Table.Th scope="col">Explorer</Table.Th>
                <Table.Th scope="col">Shops visited</Table.Th>
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
