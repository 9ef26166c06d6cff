import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import { Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useId } from 'react';
import type { ChallengeDto } from '#shared/challenges.ts';
import { formatInstant } from '#shared/date-range.ts';
import { type AdminDraw } from '#shared/draws.ts';
import { minimumShopsOf } from '#shared/draw-entries.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useRevealDraw } from '../api/draws.ts';

const hashStyle = { wordBreak: 'break-all' } as const;

/**
 * A challenge's draws for organizers: the commitment from the start (in a details block); 'Reveal
 * now' disabled with its reason until the end; after the reveal, the winners with their
 * usernames and emails, to hand out the prizes.
 */
export function DrawsList({
  challenge,
  ended,
  draws,
}: {
  challenge: Pick<ChallengeDto, 'id' | 'endDate' | 'timeZone'>;
  /** The battle is over: the reveal is open (the server refuses it before). */
  ended: boolean;
  draws: AdminDraw[];
}) {
  const intl = useMessages();
  const reveal = useRevealDraw(challenge.id);
  const revealReasonId = useId();
  if (draws.length === 0) {
    return (
      <Text c="dimmed">
        {intl.formatMessage({ id: 'drawsList.none', defaultMessage: 'No prize draws yet.' })}
      </Text>
    );
  }
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
                {intl.formatMessage(
                  {
                    id: 'drawsList.entries',
                    defaultMessage:
                      '{winners, plural, one {# winner} other {# winners}}, one entry per {entries, select, shops {pass with at least {shops, plural, one {# shop} other {# shops}} visited} coupons {redeemed coupon} other {pass}}',
                  },
                  {
                    winners: draw.winnerCount,
                    entries:
                      minimumShopsOf(draw.entries) !== null
                        ? 'shops'
                        : draw.entries === 'coupons'
                          ? 'coupons'
                          : 'passes',
                    shops: minimumShopsOf(draw.entries) ?? 0,
                  },
                )}
              </Text>
            </Group>
            <Text component="details" size="sm">
              <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
                {intl.formatMessage({
                  id: 'drawsList.proof',
                  defaultMessage: 'Proof for checking',
                })}
              </Text>
              {intl.formatMessage(
                { id: 'drawsList.commitment', defaultMessage: 'Commitment: <hash></hash>' },
                { hash: () => <Code style={hashStyle}>{draw.commitment}</Code> },
              )}
            </Text>
            {draw.winnerAccounts === null ? (
              <Group>
                <Text size="sm" id={`${revealReasonId}-${draw.id}`}>
                  {ended
                    ? intl.formatMessage({
                        id: 'drawsList.endedReveal',
                        defaultMessage:
                          'The battle has ended: the winners are drawn automatically within a minute, or now.',
                      })
                    : intl.formatMessage(
                        {
                          id: 'drawsList.revealAtEnd',
                          defaultMessage:
                            'Revealed automatically when the battle ends ({end}); not before.',
                        },
                        {
                          end: formatInstant(challenge.endDate, challenge.timeZone, {
                            locale: intl.locale,
                          }),
                        },
                      )}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  disabled={!ended}
                  aria-describedby={`${revealReasonId}-${draw.id}`}
                  loading={reveal.isPending && reveal.variables === draw.id}
                  onClick={() => reveal.mutate(draw.id)}
                >
                  {intl.formatMessage({ id: 'drawsList.reveal', defaultMessage: 'Reveal now' })}
                </Button>
              </Group>
            ) : draw.winnerAccounts.length === 0 ? (
              <Text size="sm">
                {intl.formatMessage({
                  id: 'drawsList.noEntries',
                  defaultMessage: 'Revealed: there were no entries, so no winners.',
                })}
              </Text>
            ) : (
              // Focusable, so the table scrolls by keyboard on a phone (axe: scrollable-region-focusable).
              <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
                <Table
                  aria-label={intl.formatMessage(
                    { id: 'drawsList.winnersOf', defaultMessage: 'Winners of {prize}' },
                    { prize: draw.prize },
                  )}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>
                        {intl.formatMessage({ id: 'drawsList.pass', defaultMessage: 'Pass' })}
                      </Table.Th>
                      <Table.Th>
                        {intl.formatMessage({
                          id: 'drawsList.username',
                          defaultMessage: 'Username',
                        })}
                      </Table.Th>
                      <Table.Th>
                        {intl.formatMessage({ id: 'drawsList.email', defaultMessage: 'Email' })}
                      </Table.Th>
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
