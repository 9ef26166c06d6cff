import { isPageParam } from '#shared/pages.ts';
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
import { RESULTS_METHOD, resultsMethodParagraphs, type Results } from '#shared/results.ts';
import { NextBattle } from '#client/components/NextBattle.tsx';
import { NotFound } from '#client/components/NotFound.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { publicVotesCsvUrl, useResults } from '#client/features/results/api/get-results.ts';
import { PublishedDraws } from '#client/features/results/components/PublishedDraws.tsx';
import { ExplorerBoard } from '#client/features/explorers/components/ExplorerBoard.tsx';
import { resultWords } from '#client/lib/result-words.ts';
import { PublishedVersions } from '#client/features/results/components/PublishedVersions.tsx';
import { ShareResultsButton } from '#client/features/results/components/ShareResultsButton.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { usePublishedChallenges } from '#client/lib/published-challenges.ts';
import { useSiteOrigin } from '#client/lib/site-origin.ts';
import { useMessages, usePageLanguage } from '#client/i18n/language.tsx';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

const words: Record<'results' | 'titleResults' | 'theBattle', MessageDescriptor> = defineMessages({
  results: { id: 'results.results', defaultMessage: 'Results' },
  titleResults: { id: 'results.titleResults', defaultMessage: '{title} results' },
  theBattle: { id: 'results.theBattle', defaultMessage: 'the battle' },
});

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
  const winners = results.data ? winnersOf(shownRanking(results.data)) : [];
  const intl = useMessages();
  usePageMeta({
    title: battle
      ? intl.formatMessage(words.titleResults, { title: battle.title })
      : intl.formatMessage(words.results),
  });
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed" fw={700} size="sm" tt="uppercase">
            {intl.formatMessage(words.results)}
          </Text>
          <Title order={1}>{battle?.title ?? intl.formatMessage(words.results)}</Title>
          {winners.length > 0 && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconTrophy
                size={24}
                aria-hidden
                color="var(--mantine-color-yellow-6)"
                style={{ flexShrink: 0 }}
              />
              <Text fz="lg" fw={700}>
                {intl.formatMessage(
                  {
                    id: 'results.winners',
                    defaultMessage:
                      '{count, plural, one {Winner: {names}} other {Winners, tied: {names}}}',
                  },
                  { count: winners.length, names: listed(winners, intl) },
                )}
              </Text>
            </Group>
          )}
        </Stack>
        {results.isPending ? (
          <PageLoader
            label={intl.formatMessage({
              id: 'results.loading',
              defaultMessage: 'Loading the results',
            })}
          />
        ) : results.isError ? (
          <Alert
            color="blue"
            title={intl.formatMessage({ id: 'results.noneYet', defaultMessage: 'No results yet' })}
            role="status"
          >
            {errorText(
              results.error,
              intl.formatMessage({
                id: 'results.loadFailed',
                defaultMessage: 'The results could not be loaded.',
              }),
            )}
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

/**
 * The latest ranking with each shop named in the page's language where the organizer wrote it
 * (the answer's `shopNames`, docs/decisions/0050), else as published.
 */
function shownRanking(results: Results): Results['ranking'] {
  const names = results.shopNames ?? {};
  return results.ranking.map((row) => ({
    ...row,
    name: names[String(row.businessId)] ?? row.name,
  }));
}

/** The shops ranked first (rule 10: ties share the place); none when no vote was cast. */
function winnersOf(ranking: Results['ranking']): string[] {
  return ranking.filter((row) => row.rank === 1).map((row) => row.name);
}

/** 'A', 'A and B', 'A, B and C' ('A, B y C'). */
function listed(names: string[], intl: IntlShape): string {
  return names.length < 2
    ? (names[0] ?? '')
    : intl.formatMessage(
        { id: 'results.namesAnd', defaultMessage: '{first} and {last}' },
        { first: names.slice(0, -1).join(', '), last: names.at(-1) },
      );
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
  const intl = useMessages();
  // The results in the page's own language: a Spanish reader shares the Spanish page.
  const { basename } = usePageLanguage();
  const title = battleTitle
    ? intl.formatMessage(words.titleResults, { title: battleTitle })
    : intl.formatMessage({ id: 'results.battleResults', defaultMessage: 'Battle results' });
  const battle = battleTitle ?? intl.formatMessage(words.theBattle);
  const text = intl.formatMessage(
    {
      id: 'results.shareText',
      defaultMessage:
        '{count, plural, =0 {The results of {battle} are out.} one {{names} won {battle}!} other {{names} tied for first in {battle}!}}',
    },
    { count: winners.length, names: listed(winners, intl), battle },
  );
  return (
    <Group>
      <ShareResultsButton
        shared={{ title, text, url: origin + basename + paths.results(challengeId) }}
      />
    </Group>
  );
}

/** The published results of an ended battle: its end, the podium, the full ranking and the draws. */
export function PublishedResults({ results }: { results: Results }) {
  const ranking = shownRanking(results);
  const podium = ranking.filter((row) => row.rank !== null && row.rank <= TOP_RANK_HIGHLIGHT);
  const intl = useMessages();
  return (
    <>
      <Text c="dimmed">
        {intl.formatMessage(
          {
            id: 'results.endedRanked',
            defaultMessage:
              'Ended {ended}. Ranked by votes; share is votes per member who redeemed there.',
          },
          { ended: formatInstant(results.endedAt, results.timeZone, { locale: intl.locale }) },
        )}
      </Text>
      {podium.length === 0 ? (
        <Text>{intl.formatMessage(resultWords.noVotesCast)}</Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          aria-label={intl.formatMessage({ id: 'results.podium', defaultMessage: 'Podium' })}
          p={0}
          m={0}
        >
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
                <Text size="sm">{intl.formatMessage(resultWords.votes, { votes: row.votes })}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {/* Focusable, so the table scrolls by keyboard on a phone (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={420} type="native" tabIndex={0}>
        <Table
          striped
          aria-label={intl.formatMessage({ id: 'results.ranking', defaultMessage: 'Ranking' })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {intl.formatMessage({ id: 'results.rank', defaultMessage: 'Rank' })}
              </Table.Th>
              <Table.Th>
                {intl.formatMessage({ id: 'results.shop', defaultMessage: 'Shop' })}
              </Table.Th>
              <Table.Th ta="right">
                {intl.formatMessage({ id: 'results.votesColumn', defaultMessage: 'Votes' })}
              </Table.Th>
              <Table.Th ta="right">
                {intl.formatMessage({ id: 'results.redeemers', defaultMessage: 'Redeemers' })}
              </Table.Th>
              <Table.Th ta="right">
                {intl.formatMessage({ id: 'results.share', defaultMessage: 'Share' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ranking.map((row) => (
              <Table.Tr key={row.businessId}>
                <Table.Td>{row.rank ?? '–'}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.votes}</Table.Td>
                <Table.Td ta="right">{row.redeemers}</Table.Td>
                <Table.Td ta="right">
                  {intl.formatNumber(row.share, {
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                    useGrouping: false,
                  })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'results.recount', defaultMessage: 'Recount it yourself' })}
        </Title>
        <Anchor href={publicVotesCsvUrl(results.challengeId)} download>
          <Group gap={6} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            {intl.formatMessage({
              id: 'results.downloadVotes',
              defaultMessage: 'Download the counted votes (votes.csv)',
            })}
          </Group>
        </Anchor>
        <Text size="sm">
          {intl.formatMessage({
            id: 'results.votesCsvHash',
            defaultMessage: 'SHA-256 of votes.csv:',
          })}{' '}
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
          {intl.formatMessage({
            id: 'results.howMade',
            defaultMessage: 'How the results are made',
          })}
        </Title>
        {/* The method the site states is the page's language's; another (an older one) as stored. */}
        {(results.method === RESULTS_METHOD
          ? resultsMethodParagraphs(intl)
          : results.method.split('\n\n')
        ).map((paragraph) => (
          <Text key={paragraph} size="sm">
            {paragraph}
          </Text>
        ))}
      </Stack>
    </>
  );
}
