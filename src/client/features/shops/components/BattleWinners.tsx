import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { TOP_RANK_HIGHLIGHT } from '#shared/constants.ts';
import { shownRanksById } from '#shared/ranking.ts';
import { useBusinesses } from '#client/lib/public-businesses.ts';
import { resultWords } from '#client/lib/result-words.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useVoteCounts } from '../api/get-vote-counts.ts';

/**
 * Where the countdown stood, once the battle is over: 'This battle has ended' and the shops on
 * the podium, from the same public counts as the rank badges (no votes, no place: rule 14).
 */
export function BattleWinners() {
  const shops = useBusinesses({ enabled: true });
  const voteCounts = useVoteCounts({ enabled: true });
  const counts = voteCounts.data ?? {};
  const ranks = shops.data
    ? shownRanksById(
        counts,
        shops.data.map((shop) => shop.id),
      )
    : {};
  const winners = (shops.data ?? [])
    .flatMap((shop) => {
      const rank = ranks[shop.id];
      return rank != null && rank <= TOP_RANK_HIGHLIGHT ? [{ shop, rank }] : [];
    })
    .sort((a, b) => a.rank - b.rank);
  const loaded = shops.isSuccess && voteCounts.isSuccess;
  const intl = useMessages();

  return (
    <Stack gap="sm" align="center" ta="center">
      <Title order={2}>
        {intl.formatMessage({ id: 'battleWinners.title', defaultMessage: 'This battle has ended' })}
      </Title>
      {loaded &&
        (winners.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage(resultWords.noVotesCast)}</Text>
        ) : (
          <>
            <Text c="dimmed">
              {intl.formatMessage({
                id: 'battleWinners.thanks',
                defaultMessage: 'Thank you for voting! The winners:',
              })}
            </Text>
            <Stack
              gap="xs"
              w="100%"
              maw={480}
              component="ol"
              aria-label={intl.formatMessage({
                id: 'battleWinners.label',
                defaultMessage: 'Winners',
              })}
              p={0}
              m={0}
            >
              {winners.map(({ shop, rank }) => (
                <Paper key={shop.id} withBorder p="sm" radius="md" component="li">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <Badge
                        color={rank === 1 ? 'yellow.4' : 'gray.7'}
                        leftSection={<IconTrophy size={14} aria-hidden />}
                      >
                        #{rank}
                      </Badge>
                      <Text fw={700}>{shop.name}</Text>
                    </Group>
                    <Text size="sm">
                      {intl.formatMessage(resultWords.votes, { votes: counts[shop.id] ?? 0 })}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        ))}
    </Stack>
  );
}
