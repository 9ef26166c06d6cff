import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import {
  Alert,
  Badge,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { defineMessages, type IntlShape } from 'react-intl';
import type { Leaderboard as LeaderboardData, Standing } from '#shared/admin.ts';
import { shownRank } from '#shared/ranking.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { challengeListWords, challengeOptionLabel } from '#client/lib/admin-words.ts';
import { useNow } from '#client/lib/use-now.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';

const words = defineMessages({
  gold: { id: 'leaderboard.gold', defaultMessage: 'Gold' },
  silver: { id: 'leaderboard.silver', defaultMessage: 'Silver' },
  bronze: { id: 'leaderboard.bronze', defaultMessage: 'Bronze' },
});

/** A progress bar's name: the shop's share of the votes. */
const shareOfVotes = (intl: IntlShape, shop: string) =>
  intl.formatMessage(
    { id: 'leaderboard.shareOfVotes', defaultMessage: '{shop}: share of votes' },
    { shop },
  );

const podium = [
  { label: words.gold, color: 'yellow' },
  { label: words.silver, color: 'gray' },
  // A dark bronze: Mantine's orange fails contrast with white text.
  { label: words.bronze, color: '#7a4419' },
] as const;

/** /admin/leaderboard (docs/SPEC.md section 2): selector, podium and complete rankings (rule 10). */
export function Leaderboard() {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const now = useNow().getTime();
  const query = useLeaderboard(chosenId);
  const intl = useMessages();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert
        color="red"
        title={intl.formatMessage({ id: 'leaderboard.error', defaultMessage: 'Error' })}
      >
        {intl.formatMessage({
          id: 'leaderboard.fetchFailed',
          defaultMessage: 'Failed to fetch businesses',
        })}
      </Alert>
    );
  }
  const { challenges, activeChallengeId, leaderboard } = query.data;
  return (
    <Stack gap="lg">
      <Select
        label={intl.formatMessage(challengeListWords.label)}
        placeholder={intl.formatMessage({
          id: 'leaderboard.selectChallenge',
          defaultMessage: 'Select a challenge',
        })}
        data={challenges.map((challenge) => ({
          value: String(challenge.id),
          label: challengeOptionLabel(challenge, now, intl),
        }))}
        value={leaderboard ? String(leaderboard.challenge.id) : null}
        onChange={(value) => setChosenId(value === null ? null : Number(value))}
        allowDeselect={false}
        maw={420}
      />
      {leaderboard ? (
        <Standings
          leaderboard={leaderboard}
          current={leaderboard.challenge.id === activeChallengeId}
        />
      ) : (
        <EmptyState
          title={intl.formatMessage({
            id: 'leaderboard.noChallenge',
            defaultMessage: 'No Challenge Selected',
          })}
          text={intl.formatMessage({
            id: 'leaderboard.noChallengeText',
            defaultMessage: 'Select a challenge to see its leaderboard.',
          })}
        />
      )}
    </Stack>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder padding="xl" ta="center">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text mt="xs">{text}</Text>
    </Card>
  );
}

function Standings({ leaderboard, current }: { leaderboard: LeaderboardData; current: boolean }) {
  const { challenge, standings, totalVotes } = leaderboard;
  const intl = useMessages();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>
            {intl.formatMessage(
              { id: 'leaderboard.title', defaultMessage: '{challenge} Leaderboard' },
              { challenge: challenge.title },
            )}
          </Title>
          {current && (
            <Badge color="green">
              {intl.formatMessage({ id: 'leaderboard.active', defaultMessage: 'Active' })}
            </Badge>
          )}
        </Group>
        <Group gap="md">
          <Text>
            {intl.formatMessage(
              { id: 'leaderboard.totalVotes', defaultMessage: 'Total votes: {votes}' },
              { votes: String(totalVotes) },
            )}
          </Text>
          <Text c="dimmed">
            {intl.formatMessage(
              { id: 'leaderboard.theme', defaultMessage: 'Theme: {theme}' },
              { theme: challenge.themeLabel },
            )}
          </Text>
        </Group>
      </Stack>
      {standings.length === 0 ? (
        <EmptyState
          title={intl.formatMessage({
            id: 'leaderboard.noShops',
            defaultMessage: 'No Businesses Found',
          })}
          text={intl.formatMessage({
            id: 'leaderboard.noShopsText',
            defaultMessage: 'There are no businesses available for this challenge',
          })}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {/* The medal follows the rank (rule 10), so shops tied for first both get gold; no votes, no medal (rule 14). */}
            {standings.slice(0, podium.length).map((standing) => {
              const rank = shownRank(standing);
              return (
                <PodiumCard
                  key={standing.businessId}
                  standing={standing}
                  place={rank === null ? null : podium[rank - 1]!}
                />
              );
            })}
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {intl.formatMessage({
                id: 'leaderboard.completeRankings',
                defaultMessage: 'Complete Rankings',
              })}
            </Title>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    {intl.formatMessage({ id: 'leaderboard.rank', defaultMessage: 'Rank' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({ id: 'leaderboard.business', defaultMessage: 'Business' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({ id: 'leaderboard.votes', defaultMessage: 'Votes' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({
                      id: 'leaderboard.percentage',
                      defaultMessage: 'Percentage',
                    })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {standings.map((standing) => (
                  <Table.Tr key={standing.businessId}>
                    <Table.Td>
                      {shownRank(standing) === null ? (
                        <Text
                          span
                          c="dimmed"
                          aria-label={intl.formatMessage({
                            id: 'leaderboard.noRank',
                            defaultMessage: 'No rank',
                          })}
                        >
                          –
                        </Text>
                      ) : (
                        `#${standing.rank}`
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600}>{standing.name}</Text>
                      <Text size="sm" c="dimmed">
                        {standing.address}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text>{standing.votes}</Text>
                      <Progress
                        value={standing.percent}
                        size="sm"
                        aria-label={shareOfVotes(intl, standing.name)}
                      />
                    </Table.Td>
                    <Table.Td>{standing.percent}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </>
      )}
    </Stack>
  );
}

function PodiumCard({
  standing,
  place,
}: {
  standing: Standing;
  /** null: no votes, so no medal (rule 14). */
  place: (typeof podium)[number] | null;
}) {
  const intl = useMessages();
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={place ? `#${standing.rank} ${standing.name}` : standing.name}
    >
      <Group justify={place ? 'space-between' : 'flex-end'}>
        {place && (
          <Badge color={place.color} leftSection={<IconTrophy size={14} aria-hidden />}>
            {intl.formatMessage(place.label)} · #{standing.rank}
          </Badge>
        )}
        <Text fw={700}>{standing.percent}%</Text>
      </Group>
      <Text fw={700} mt="sm">
        {standing.name}
      </Text>
      <Text size="sm" c="dimmed">
        {standing.address}
      </Text>
      <Text mt="xs">
        {intl.formatMessage(
          {
            id: 'leaderboard.voteCount',
            defaultMessage: '{votes, plural, one {# vote} other {# votes}}',
          },
          { votes: standing.votes },
        )}
      </Text>
      <Progress
        value={standing.percent}
        mt={4}
        color={place?.color}
        aria-label={shareOfVotes(intl, standing.name)}
      />
    </Card>
  );
}
