import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Code.css';
import { Anchor, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { checkDraw, type DrawCheck } from '#shared/draws.ts';
import { minimumShopsOf } from '#shared/draw-entries.ts';
import { formatInstant } from '#shared/date-range.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { drawEntriesCsvUrl } from '../api/get-results.ts';

/** docs/RULES.md rule 19: each draw with what anyone needs to check it, and a check in place. */
export function PublishedDraws({ draws, timeZone }: { draws: PublicDraw[]; timeZone: string }) {
  const intl = useMessages();
  if (draws.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {intl.formatMessage({ id: 'publishedDraws.title', defaultMessage: 'Prize draws' })}
      </Title>
      {draws.map((draw) => (
        <DrawCard key={draw.id} draw={draw} timeZone={timeZone} />
      ))}
    </Stack>
  );
}

const hashStyle = { wordBreak: 'break-all' } as const;

function DrawCard({ draw, timeZone }: { draw: PublicDraw; timeZone: string }) {
  const [check, setCheck] = useState<DrawCheck | 'checking' | null>(null);
  const intl = useMessages();
  const when = (instant: string) => formatInstant(instant, timeZone, { locale: intl.locale });
  const verify = async () => {
    setCheck('checking');
    try {
      const answer = await fetch(drawEntriesCsvUrl(draw.id));
      if (!answer.ok) throw new Error(`entries file: ${answer.status}`);
      setCheck(await checkDraw(draw, new Uint8Array(await answer.arrayBuffer()), intl));
    } catch {
      setCheck({
        matches: false,
        problems: [
          intl.formatMessage({
            id: 'publishedDraws.entriesNotDownloaded',
            defaultMessage: 'The entries file could not be downloaded',
          }),
        ],
      });
    }
  };
  const shops = minimumShopsOf(draw.entries);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={intl.formatMessage(
        { id: 'publishedDraws.label', defaultMessage: 'Draw: {prize}' },
        { prize: draw.prize },
      )}
    >
      <Stack gap="xs">
        <Text fw={700}>{draw.prize}</Text>
        <Text size="sm">
          {intl.formatMessage(
            {
              id: 'publishedDraws.entries',
              defaultMessage:
                '{winners, plural, one {# winner} other {# winners}}, entries one per {entries, select, shops {pass with at least {shops, plural, one {# shop} other {# shops}} visited} coupons {redeemed coupon} other {pass}}.',
            },
            {
              winners: draw.winnerCount,
              entries: shops !== null ? 'shops' : draw.entries === 'coupons' ? 'coupons' : 'passes',
              shops: shops ?? 0,
            },
          )}
        </Text>
        <Text size="sm">
          {/* docs/RULES.md rule 23: when it was committed and revealed, so repeats would show. */}
          {draw.revealedAt
            ? intl.formatMessage(
                {
                  id: 'publishedDraws.createdRevealed',
                  defaultMessage: 'Created {created}, revealed {revealed}.',
                },
                { created: when(draw.createdAt), revealed: when(draw.revealedAt) },
              )
            : intl.formatMessage(
                { id: 'publishedDraws.created', defaultMessage: 'Created {created}.' },
                { created: when(draw.createdAt) },
              )}
        </Text>
        <Text size="sm">
          {intl.formatMessage({
            id: 'publishedDraws.commitment',
            defaultMessage: 'Commitment (SHA-256 of the seed, published before the end):',
          })}{' '}
          <Code style={hashStyle}>{draw.commitment}</Code>
        </Text>
        {draw.seed === null ? (
          <Text size="sm">
            {intl.formatMessage({
              id: 'publishedDraws.afterEnd',
              defaultMessage: 'The seed, the entries and the winners are published after the end.',
            })}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {intl.formatMessage({ id: 'publishedDraws.seed', defaultMessage: 'Seed:' })}{' '}
              <Code style={hashStyle}>{draw.seed}</Code>
            </Text>
            <Anchor href={drawEntriesCsvUrl(draw.id)} download size="sm">
              <Group gap={6} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {intl.formatMessage({
                  id: 'publishedDraws.download',
                  defaultMessage: 'Download the entries (entries.csv)',
                })}
              </Group>
            </Anchor>
            <Text size="sm">
              {intl.formatMessage({
                id: 'publishedDraws.entriesHash',
                defaultMessage: 'SHA-256 of entries.csv:',
              })}{' '}
              <Code style={hashStyle}>{draw.entriesCsvSha256}</Code>
            </Text>
            <Text size="sm">
              {intl.formatMessage({
                id: 'publishedDraws.winners',
                defaultMessage: 'Winners (pass pseudonyms, in draw order):',
              })}
            </Text>
            <List
              size="sm"
              type="ordered"
              aria-label={intl.formatMessage(
                { id: 'publishedDraws.winnersOf', defaultMessage: 'Winners of {prize}' },
                { prize: draw.prize },
              )}
            >
              {(draw.winners ?? []).map((pass) => (
                <List.Item key={pass}>
                  <Code>{pass}</Code>
                </List.Item>
              ))}
            </List>
            {draw.winners?.length === 0 && (
              <Text size="sm">
                {intl.formatMessage({
                  id: 'publishedDraws.noEntries',
                  defaultMessage: 'No entries, so no winners.',
                })}
              </Text>
            )}
            <Group>
              <Button variant="light" onClick={() => void verify()} loading={check === 'checking'}>
                {intl.formatMessage({ id: 'publishedDraws.verify', defaultMessage: 'Verify' })}
              </Button>
            </Group>
            {check !== null && check !== 'checking' && (
              // Plain text in the page's colours: a tinted alert's title failed axe's contrast check.
              <Stack gap={4} role="status">
                <Group gap={6} wrap="nowrap">
                  {check.matches ? (
                    <IconCircleCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
                  ) : (
                    <IconAlertTriangle size={20} color="var(--mantine-color-red-9)" aria-hidden />
                  )}
                  <Text fw={700}>
                    {check.matches
                      ? intl.formatMessage({
                          id: 'publishedDraws.verified',
                          defaultMessage: 'Draw verified',
                        })
                      : intl.formatMessage({
                          id: 'publishedDraws.mismatch',
                          defaultMessage: 'Draw does not match',
                        })}
                  </Text>
                </Group>
                <Text size="sm">
                  {check.matches
                    ? intl.formatMessage({
                        id: 'publishedDraws.verifiedText',
                        defaultMessage:
                          'The seed matches the commitment, entries.csv matches its hash, and the winners recomputed in your browser are the published ones.',
                      })
                    : check.problems.join('. ')}
                </Text>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
