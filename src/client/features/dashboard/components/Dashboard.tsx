import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { Dashboard as DashboardData, Money, WeeklyTrend } from '#shared/admin.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { paths } from '#shared/paths.ts';
import { shownRank } from '#shared/ranking.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useNow } from '#client/lib/use-now.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { challengeCardState, challengeTiming } from '../challenge-timing.ts';
import { formatChallengeDates, shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';

/** A real weekly comparison, or nothing: never a made-up figure. */
function trendText(trend: WeeklyTrend, intl: IntlShape): string {
  const thisWeek = String(trend.thisWeek);
  if (trend.percentChange === null) {
    return intl.formatMessage(
      { id: 'dashboard.trendThisWeek', defaultMessage: '{thisWeek} this week' },
      { thisWeek },
    );
  }
  const sign = trend.percentChange > 0 ? '+' : '';
  return intl.formatMessage(
    {
      id: 'dashboard.trend',
      defaultMessage: '{change}% vs last week ({thisWeek} this week)',
    },
    { change: `${sign}${trend.percentChange}`, thisWeek },
  );
}

function StatCard({
  label,
  value,
  note,
}: {
  label: string;
  value: number | string;
  note?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note && <Text size="xs">{note}</Text>}
    </Card>
  );
}

/** /admin (docs/SPEC.md section 2): the active challenge, totals, top shops and recent purchases. */
export function Dashboard() {
  const query = useDashboard();
  const intl = useMessages();
  return (
    <Stack gap="lg" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          {intl.formatMessage({ id: 'dashboard.title', defaultMessage: 'Admin Dashboard' })}
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.home}>
            {intl.formatMessage({ id: 'dashboard.viewSite', defaultMessage: 'View Site' })}
          </Button>
          <Button component={Link} to={paths.adminChallenges}>
            {intl.formatMessage({
              id: 'dashboard.manageChallenges',
              defaultMessage: 'Manage Challenges',
            })}
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert
          color="red"
          title={intl.formatMessage({ id: 'dashboard.error', defaultMessage: 'Error' })}
        >
          {intl.formatMessage({
            id: 'dashboard.loadFailed',
            defaultMessage: 'Could not load the dashboard. Please reload the page.',
          })}
        </Alert>
      ) : (
        <DashboardBody data={query.data} />
      )}
    </Stack>
  );
}

function DashboardBody({ data }: { data: DashboardData }) {
  const { activeChallenge: currentBattle, totals } = data;
  // Recent purchases are the current battle's (there are none without one): on its clock.
  const purchasesTimeZone = currentBattle?.timeZone ?? 'UTC';
  const intl = useMessages();
  return (
    <Stack gap="lg">
      {currentBattle ? (
        <CurrentBattleCard challenge={currentBattle} />
      ) : (
        <Card withBorder padding="lg">
          <Title order={2} size="h3">
            {intl.formatMessage({
              id: 'dashboard.noChallenge',
              defaultMessage: 'No active challenge',
            })}
          </Title>
          <Text mt="xs">
            {intl.formatMessage({
              id: 'dashboard.noChallengeText',
              defaultMessage: 'Create a challenge to start selling passes and collecting votes.',
            })}
          </Text>
          <Button component={Link} to={paths.adminChallenges} mt="md" w="fit-content">
            {intl.formatMessage({
              id: 'dashboard.createChallenge',
              defaultMessage: 'Create a Challenge',
            })}
          </Button>
        </Card>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard
          label={intl.formatMessage({
            id: 'dashboard.totalPasses',
            defaultMessage: 'Total Passes',
          })}
          value={totals.passes}
          note={data.passesTrend ? trendText(data.passesTrend, intl) : undefined}
        />
        <StatCard
          label={intl.formatMessage({ id: 'dashboard.businesses', defaultMessage: 'Businesses' })}
          value={totals.businesses}
        />
        {/* Votes cast per day stay counted after a reset or refund (docs/decisions/0018). */}
        <StatCard
          label={intl.formatMessage({ id: 'dashboard.votes', defaultMessage: 'Votes' })}
          value={totals.votes}
          note={
            data.votesTrend
              ? intl.formatMessage(
                  { id: 'dashboard.votesCast', defaultMessage: 'Cast: {trend}' },
                  { trend: trendText(data.votesTrend, intl) },
                )
              : undefined
          }
        />
        <StatCard
          label={intl.formatMessage({
            id: 'dashboard.allChallenges',
            defaultMessage: 'All Challenges',
          })}
          value={totals.challenges}
        />
      </SimpleGrid>
      {data.money && <MoneyAtAGlance money={data.money} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="top-shops">
          <Title order={2} size="h4" id="top-shops">
            {intl.formatMessage({ id: 'dashboard.topShops', defaultMessage: 'Top Coffee Shops' })}
          </Title>
          {data.topBusinesses.length === 0 ? (
            <Text mt="sm">
              {intl.formatMessage({ id: 'dashboard.noShops', defaultMessage: 'No shops yet.' })}
            </Text>
          ) : (
            <Stack gap="sm" mt="sm">
              {data.topBusinesses.map((shop) => (
                <div key={shop.businessId}>
                  <Group justify="space-between">
                    <Text fw={600}>
                      {shownRank(shop) !== null && `#${shop.rank} `}
                      {shop.name}
                    </Text>
                    <Text size="sm">
                      {intl.formatMessage(
                        {
                          id: 'dashboard.voteCount',
                          defaultMessage: '{votes, plural, one {# vote} other {# votes}}',
                        },
                        { votes: shop.votes },
                      )}{' '}
                      · {shop.percent}%
                    </Text>
                  </Group>
                  <Progress
                    value={shop.percent}
                    aria-label={intl.formatMessage(
                      { id: 'dashboard.shareOfVotes', defaultMessage: '{shop}: share of votes' },
                      { shop: shop.name },
                    )}
                  />
                </div>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder padding="md" component="section" aria-labelledby="recent-purchases">
          <Title order={2} size="h4" id="recent-purchases">
            {intl.formatMessage({
              id: 'dashboard.recentPurchases',
              defaultMessage: 'Recent Pass Purchases',
            })}
          </Title>
          {data.recentPurchases.length === 0 ? (
            <Text mt="sm">
              {intl.formatMessage({
                id: 'dashboard.noPurchases',
                defaultMessage: 'No passes sold yet.',
              })}
            </Text>
          ) : (
            <Table mt="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    {intl.formatMessage({ id: 'dashboard.pass', defaultMessage: 'Pass' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({ id: 'dashboard.purchased', defaultMessage: 'Purchased' })}
                  </Table.Th>
                  <Table.Th>
                    {intl.formatMessage({ id: 'dashboard.price', defaultMessage: 'Price' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.recentPurchases.map((purchase) => (
                  <Table.Tr key={purchase.passId}>
                    <Table.Td>#{purchase.passId}</Table.Td>
                    <Table.Td>
                      {shopTime(purchase.purchaseDate, purchasesTimeZone, true, intl.locale)}
                    </Table.Td>
                    <Table.Td>{formatMoney(purchase.price, { locale: intl.locale })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The current battle's money: what passes brought in, and the shops' account as the settlement
 * page has it (a voided payout is not paid, docs/decisions/0033).
 */
function MoneyAtAGlance({ money }: { money: Money }) {
  const intl = useMessages();
  const { locale } = intl;
  return (
    <Stack gap="xs" component="section" aria-labelledby="money-at-a-glance">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="money-at-a-glance">
          {intl.formatMessage({ id: 'dashboard.money', defaultMessage: 'Money at a glance' })}
        </Title>
        <Button variant="default" size="xs" component={Link} to={paths.adminSettlement}>
          {intl.formatMessage({ id: 'dashboard.settle', defaultMessage: 'Settle with shops' })}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <StatCard
          label={intl.formatMessage({ id: 'dashboard.passesSold', defaultMessage: 'Passes sold' })}
          value={money.passesSold}
          note={intl.formatMessage({
            id: 'dashboard.passesSoldNote',
            defaultMessage: 'Paid, not refunded',
          })}
        />
        <StatCard
          label={intl.formatMessage({ id: 'dashboard.freePasses', defaultMessage: 'Free passes' })}
          value={money.freePasses}
          note={intl.formatMessage({
            id: 'dashboard.freePassesNote',
            defaultMessage: 'From vouchers, no payment',
          })}
        />
        <StatCard
          label={intl.formatMessage({ id: 'dashboard.gross', defaultMessage: 'Gross' })}
          value={formatMoney(money.grossCents / 100, { cents: true, locale })}
        />
        <StatCard
          label={intl.formatMessage({
            id: 'dashboard.owedToShops',
            defaultMessage: 'Owed to shops',
          })}
          value={formatMoney(money.owedToShopsDollars, { locale })}
        />
        <StatCard
          label={intl.formatMessage({
            id: 'dashboard.paidToShops',
            defaultMessage: 'Paid to shops',
          })}
          value={formatMoney(money.paidToShopsDollars, { locale })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The card keeps its own time: while the live vote stream is open the dashboard is fetched again
 * only when votes change, yet the badge must turn at the start and end instants (exactly, through
 * the shared phase rule) and the period bar move on (every minute).
 */
export function CurrentBattleCard({ challenge }: { challenge: ChallengeDto }) {
  const now = useNow().getTime();
  const phase = useChallengePhase(challenge) ?? undefined;
  const intl = useMessages();
  const { percentElapsed } = challengeTiming(challenge, now);
  const state = challengeCardState(challenge, now, phase, intl);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="current-battle">
      <Group gap="sm">
        <Title order={2} size="h3" id="current-battle">
          {challenge.title}
        </Title>
        <Badge color={state.color}>{state.label}</Badge>
      </Group>
      <Text size="sm" mt={4}>
        {formatChallengeDates(
          challenge.startDate,
          challenge.endDate,
          challenge.timeZone,
          intl.locale,
        )}
      </Text>
      <Progress
        value={percentElapsed}
        mt="md"
        aria-label={intl.formatMessage({
          id: 'dashboard.periodElapsed',
          defaultMessage: 'Challenge period elapsed',
        })}
      />
      <Text size="sm" mt={6}>
        {state.note}
      </Text>
    </Card>
  );
}
