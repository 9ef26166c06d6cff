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
import { TOP_RANK_HIGHLIGHT } from '#shared/constants.ts';
import { formatInstant } from '#shared/date-range.ts';
import { countOf } from '#shared/plural.ts';
import type { Results } from '#shared/results.ts';
import { NextBattle } from '#client/components/NextBattle.tsx';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { publicVotesCsvUrl, useResults } from '#client/features/results/api/get-results.ts';
import { PublishedDraws } from '#client/features/results/components/PublishedDraws.tsx';
import { PublishedVersions } from '#client/features/results/components/PublishedVersions.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /battles/:id/results: an ended battle's published results (docs/RULES.md rule 17). */
export default function ResultsRoute() {
  const { id = '' } = useParams();
  if (!isPageParam('id', id)) return <NotFound />;
  return <ResultsPage id={id} />;
}

function ResultsPage({ id }: { id: string }) {
  usePageMeta(pages.results);
  const results = useResults(id);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>Results</Title>
        {results.isPending ? (
          <PageLoader label="Loading the results" />
        ) : results.isError ? (
          <Alert color="blue" title="No results yet" role="status">
            {errorText(results.error, 'The results could not be loaded.')}
          </Alert>
        ) : (
          <>
            <NextBattle endedChallengeId={results.data.challengeId} />
            <PublishedResults results={results.data} />
          </>
        )}
      </Stack>
    </Container>
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
