import { isPageParam, pages } from '#shared/pages.ts';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Code.css';
import {
  Alert,
  Anchor,
  Badge,
  Code,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconTrophy } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { paths } from '#shared/paths.ts';
import { TOP_RANK_HIGHLIGHT } from '#shared/constants.ts';
import { formatInstant } from '#shared/date-range.ts';
import { countOf } from '#shared/plural.ts';
import type { Results } from '#shared/results.ts';
import { NextBattle } from '#client/components/NextBattle.tsx';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { publicVotesCsvUrl, useResults } from '#client/features/results/api/get-results.ts';
import { PublishedDraws } from '#client/features/results/components/PublishedDraws.tsx';
import { ExplorerBoard } from '#client/features/explorers/components/ExplorerBoard.tsx';
import { PublishedVersions } from '#client/features/results/components/PublishedVersions.tsx';
import { ShareResultsButton } from '#client/features/results/components/ShareResultsButton.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { usePublishedChallenges } from '#client/lib/published-challenges.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';

/** /battles/:id/results: an ended battle's published results (docs/RULES.md rule 17). */
export default function ResultsRoute() {
  const { id = '' } = useParams();
  if (!isPageParam('id', id)) return <NotFound />;
  return <ResultsPage id={id} />;
}

function ResultsPage({ id }: { id: string }) {
  const results = useResults(id);
  // The battle's name comes with the published battles (the results themselves name shops only).
  const battle = usePublishedChallenges().data?.find((one) => String(one.id) === id);
  const winners = results.data ? winnersOf(results.data.ranking) : [];
  usePageMeta({ title: battle ? `${battle.title} results` : pages.results.title });
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed" fw={700} size="sm" tt="uppercase">
            Results
          </Text>
          <Title order={1}>{battle?.title ?? 'Results'}</Title>
          {winners.length > 0 && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconTrophy
                size={24}
                aria-hidden
                color="var(--mantine-color-yellow-6)"
                style={{ flexShrink: 0 }}
              />
              <Text fz="lg" fw={700}>
                {winners.length === 1 ? 'Winner: ' : 'Winners, tied: '}
                {listed(winners)}
              </Text>
            </Group>
          )}
        </Stack>
        {results.isPending ? (
          <PageLoader label="Loading the results" />
        ) : results.isError ? (
          <Alert color="blue" title="No results yet" role="status">
            {errorText(results.error, 'The results could not be loaded.')}
          </Alert>
        ) : (
          <>
            <ShareResults battleTitle={battle?.title} winners={winners} challengeId={id} />
            <NextBattle endedChallengeId={results.data.challengeId} />
            <PublishedResults results={results.data} />
            {battle && <ExplorerBoard challenge={battle} />}
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The shops ranked first (rule 10: ties share the place); none when no vote was cast. */
function winnersOf(ranking: Results['ranking']): string[] {
  return ranking.filter((row) => row.rank === 1).map((row) => row.name);
}

/** 'A', 'A and B', 'A, B and C'. */
function listed(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function ShareResults({
  battleTitle,
  winners,
  challengeId,
}: {
  battleTitle: string | undefined;
  winners: string[];
  challengeId: string;
}) {
  const origin = useSiteOrigin() ?? window.location.origin;
  const title = battleTitle ? `${battleTitle} results` : 'Battle results';
  const text =
    winners.length === 0
      ? `The results of ${battleTitle ?? 'the battle'} are out.`
      : `${listed(winners)} ${winners.length === 1 ? 'won' : 'tied for first in'} ${battleTitle ?? 'the battle'}!`;
  return (
    <Group>
      <ShareResultsButton shared={{ title, text, url: origin + paths.results(challengeId) }} />
    </Group>
  );
}

/** The published results of an ended battle: its end, the podium, the full ranking and the draws. */
export function PublishedResults({ results }: { results: Results }) {
  const podium = results.ranking.filter(
    (row) => row.rank !== null && row.rank <= TOP_RANK_HIGHLIGHT,
  );
  return (
    <>
      <Text c="dimmed">
        Ended {formatInstant(results.endedAt, results.timeZone)}. Ranked by votes; share is votes
        per member who redeemed there.
      </Text>
      {podium.length === 0 ? (
        <Text>No votes were cast in this battle.</Text>
      ) : (
        <Stack gap="xs" component="ol" aria-label="Podium" p={0} m={0}>
          {podium.map((row) => (
            <Paper key={row.businessId} withBorder p="sm" radius="md" component="li">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    color={row.rank === 1 ? 'yellow.4' : 'gray.7'}
                    leftSection={<IconTrophy size={14} aria-hidden />}
                  >
                    #{row.rank}
                  </Badge>
                  <Text fw={700}>{row.name}</Text>
                </Group>
                <Text size="sm">{countOf(row.votes, 'vote')}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {/* Focusable, so the table scrolls by keyboard on a phone (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
        <Table striped aria-label="Ranking">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rank</Table.Th>
              <Table.Th>Shop</Table.Th>
              <Table.Th ta="right">Votes</Table.Th>
              <Table.Th ta="right">Redeemers</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.ranking.map((row) => (
              <Table.Tr key={row.businessId}>
                <Table.Td>{row.rank ?? '–'}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.votes}</Table.Td>
                <Table.Td ta="right">{row.redeemers}</Table.Td>
                <Table.Td ta="right">{row.share.toFixed(2)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Recount it yourself
        </Title>
        <Anchor href={publicVotesCsvUrl(results.challengeId)} download>
          <Group gap={6} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            Download the counted votes (votes.csv)
          </Group>
        </Anchor>
        <Text size="sm">
          SHA-256 of votes.csv:{' '}
          <Code data-testid="votes-csv-sha256" style={{ wordBreak: 'break-all' }}>
            {results.votesCsvSha256}
          </Code>
        </Text>
      </Stack>
      <PublishedVersions
        challengeId={results.challengeId}
        versions={results.versions}
        timeZone={results.timeZone}
      />
      <PublishedDraws draws={results.draws} timeZone={results.timeZone} />
      <Stack gap="xs">
        <Title order={2} size="h3">
          How the results are made
        </Title>
        {results.method.split('\n\n').map((paragraph) => (
          <Text key={paragraph} size="sm">
            {paragraph}
          </Text>
        ))}
      </Stack>
    </>
  );
}
