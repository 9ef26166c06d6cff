import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import { Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { AdminDraw } from '#shared/draws.ts';
import { countOf } from '#shared/plural.ts';
import { useRevealDraw } from '../api/draws.ts';

const hashStyle = { wordBreak: 'break-all' } as const;

/**
 * A challenge's draws for organizers: the commitment from the start; after the reveal, the
 * winners with their usernames and emails, to hand out the prizes.
 */
export function DrawsList({ challengeId, draws }: { challengeId: number; draws: AdminDraw[] }) {
  const reveal = useRevealDraw(challengeId);
  if (draws.length === 0) return <Text c="dimmed">No prize draws yet.</Text>;
  return (
    <Stack gap="sm">
      {draws.map((draw) => (
        <Paper
          key={draw.id}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={draw.prize}
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={700}>{draw.prize}</Text>
              <Text size="sm" c="dimmed">
                {countOf(draw.winnerCount, 'winner')}, one entry per{' '}
                {draw.entries === 'coupons' ? 'redeemed coupon' : 'pass'}
              </Text>
            </Group>
            <Text size="sm">
              Commitment: <Code style={hashStyle}>{draw.commitment}</Code>
            </Text>
            {draw.winnerAccounts === null ? (
              <Group>
                <Text size="sm">Revealed automatically when the battle ends.</Text>
                <Button
                  size="xs"
                  variant="light"
                  loading={reveal.isPending && reveal.variables === draw.id}
                  onClick={() => reveal.mutate(draw.id)}
                >
                  Reveal now
                </Button>
              </Group>
            ) : draw.winnerAccounts.length === 0 ? (
              <Text size="sm">Revealed: there were no entries, so no winners.</Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table aria-label={`Winners of ${draw.prize}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>Pass</Table.Th>
                      <Table.Th>Username</Table.Th>
                      <Table.Th>Email</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {draw.winnerAccounts.map((winner, index) => (
                      <Table.Tr key={winner.pass}>
                        <Table.Td>{index + 1}</Table.Td>
                        <Table.Td>
                          <Code>{winner.pass}</Code>
                        </Table.Td>
                        <Table.Td>{winner.username}</Table.Td>
                        <Table.Td>{winner.email}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
