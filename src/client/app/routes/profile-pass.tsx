import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tabs.css';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconTicket, IconThumbUp } from '@tabler/icons-react';
import { formatInstant } from '#shared/date-range.ts';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ChallengeDto } from '#shared/challenges.ts';
import { paths } from '#shared/paths.ts';
import { inactiveReasonText, type PassDto } from '#shared/passes.ts';
import type { MemberProgress } from '#shared/progress.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { MyDrawEntries } from '#client/features/draws/components/MyDrawEntries.tsx';
import { MyDrawResults } from '#client/features/draws/components/MyDrawResults.tsx';
import { usePassStops, type PassStop } from '#client/lib/member-progress.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { NextStop } from '#client/features/shops/components/NextStop.tsx';
import { useUserPass } from '#client/features/passes/api/get-user-pass.ts';
import { WalletButtons } from '#client/features/passes/components/WalletButtons.tsx';
import { PassCoupons } from '#client/features/redemption/components/PassCoupons.tsx';
import { PassMilestones } from '#client/features/milestones/components/PassMilestones.tsx';
import { ResetVotesButton } from '#client/features/voting/components/ResetVotesButton.tsx';
import { VotesPanel } from '#client/features/voting/components/VotesPanel.tsx';

function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Stack gap={4} mt={6}>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * After the end, what the battle came to for this member, leading 'Your Pass' (issue 38): shops
 * visited of the pass's shops, votes cast, their prize draw results, and the way to the results.
 */
function BattleSummary({
  challenge,
  stops,
  progress,
}: {
  challenge: ChallengeDto;
  stops: PassStop[];
  progress: MemberProgress;
}) {
  const intl = useMessages();
  const headingId = useId();
  const visited = stops.filter((stop) => stop.redeemed).length;
  const votesCast = Object.values(progress.ownVotes).reduce((sum, votes) => sum + votes, 0);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {intl.formatMessage({
            id: 'battleSummary.title',
            defaultMessage: 'Your battle summary',
          })}
        </Title>
        <Text>
          {intl.formatMessage(
            {
              id: 'battleSummary.shopsVisited',
              defaultMessage: 'Shops visited: <b>{visited}</b> of {shops}',
            },
            { visited, shops: stops.length, b: (chunks) => <strong>{chunks}</strong> },
          )}
        </Text>
        <Text>
          {intl.formatMessage(
            { id: 'battleSummary.votesCast', defaultMessage: 'Votes cast: <b>{votes}</b>' },
            { votes: votesCast, b: (chunks) => <strong>{chunks}</strong> },
          )}
        </Text>
        <MyDrawResults />
        <Anchor component={Link} to={paths.results(challenge.id)} fw={600}>
          {intl.formatMessage({
            id: 'battleSummary.seeResults',
            defaultMessage: 'See the results',
          })}
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * The pass's figures under its tabs: its own component, so React can yield between drawing it and
 * the rest of the pass while it takes the page over (docs/decisions/0054).
 */
function PassStats({
  challenge,
  pass,
  ended,
  redeemed,
  shops,
}: {
  challenge: ChallengeDto;
  pass: PassDto;
  /** The battle has ended: its end date reads 'Ended'. */
  ended: boolean;
  redeemed: number;
  shops: number;
}) {
  const intl = useMessages();
  const { locale } = intl;
  const percentRedeemed = shops > 0 ? Math.round((redeemed / shops) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} className="lb-drawn-when-near">
      <StatCard
        label={intl.formatMessage({
          id: 'passHolder.progress',
          defaultMessage: 'Challenge Progress',
        })}
      >
        <Text size="xl" fw={700}>
          {percentRedeemed}%
        </Text>
        <Progress
          value={percentRedeemed}
          aria-label={intl.formatMessage({
            id: 'passHolder.couponsRedeemed',
            defaultMessage: 'Coupons redeemed',
          })}
        />
        <Text size="sm">
          {intl.formatMessage(
            {
              id: 'passHolder.redeemedOf',
              defaultMessage:
                '{redeemed} of {count, plural, one {# coupon} other {# coupons}} redeemed',
            },
            { redeemed, count: shops },
          )}
        </Text>
      </StatCard>
      <StatCard
        label={intl.formatMessage({ id: 'passHolder.challenge', defaultMessage: 'Challenge' })}
      >
        <Text fw={700}>{challenge.title}</Text>
        <Text size="sm">
          {intl.formatMessage(
            {
              id: 'passHolder.endDate',
              defaultMessage: '{ended, select, yes {Ended} other {Ends}} {date}',
            },
            {
              ended: ended ? 'yes' : 'no',
              date: formatInstant(challenge.endDate, challenge.timeZone, {
                time: false,
                locale,
              }),
            },
          )}
        </Text>
      </StatCard>
      <StatCard
        label={intl.formatMessage({
          id: 'passHolder.passStatus',
          defaultMessage: 'Pass Status',
        })}
      >
        <Group gap="xs">
          <Badge color={pass.active ? 'green' : 'red'}>
            {pass.active
              ? intl.formatMessage({ id: 'passHolder.active', defaultMessage: 'Active' })
              : intl.formatMessage({
                  id: 'passHolder.inactiveBadge',
                  defaultMessage: 'Inactive',
                })}
          </Badge>
        </Group>
        <Text size="sm">
          {intl.formatMessage(
            { id: 'passHolder.purchased', defaultMessage: 'Purchased {date}' },
            {
              date: formatInstant(pass.purchaseDate, challenge.timeZone, {
                time: false,
                locale,
              }),
            },
          )}
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}

/**
 * /profile for a pass holder (docs/SPEC.md section 2): 'Your Pass' (coupons) and 'Your Votes' first,
 * as a member at the counter needs them, then the stats, then the testing tool away from both.
 * The redemption and voting features meet here: the coupons' shops are the shops to vote for,
 * and the businesses feature maps them (docs/decisions/0023-map.md).
 */
export function PassHolderView() {
  const intl = useMessages();
  const { locale } = intl;
  const { user } = useUser();
  const pass = useUserPass(user?.id ?? null);
  const challenge = useCurrentBattle();
  const { progress, stops, ...member } = usePassStops();
  const config = useSiteConfig();
  const phase = useChallengePhase(challenge.data);
  // '?tab=votes' opens 'Your Votes' (the redemption's 'Vote now'); the pass is the default.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'votes' ? 'votes' : 'pass';

  if (pass.isPending || challenge.isPending || member.isPending) return <PageLoader />;
  if (!pass.data || !challenge.data || !progress.data || !stops || member.isError) {
    return (
      <Container size="lg" py="xl">
        <Alert
          color="red"
          title={intl.formatMessage({
            id: 'passHolder.loadFailed',
            defaultMessage: 'Could not load your pass',
          })}
        >
          {intl.formatMessage({
            id: 'passHolder.reload',
            defaultMessage: 'Please reload the page.',
          })}
        </Alert>
      </Container>
    );
  }
  const list = stops;
  const redeemed = list.filter((coupon) => coupon.redeemed).length;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          {intl.formatMessage({
            id: 'passHolder.title',
            defaultMessage: 'Your Coffee Challenge',
          })}
        </Title>
        <WalletButtons />
        {!pass.data.active && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'passHolder.inactive',
              defaultMessage: 'This pass is no longer active',
            })}
          >
            {pass.data.inactiveReason
              ? intl.formatMessage(
                  {
                    id: 'passHolder.inactiveReason',
                    defaultMessage: 'Reason: {reason}. It cannot redeem coupons or vote.',
                  },
                  { reason: inactiveReasonText(pass.data.inactiveReason, intl) },
                )
              : intl.formatMessage({
                  id: 'passHolder.inactiveText',
                  defaultMessage: 'It cannot redeem coupons or vote.',
                })}
          </Alert>
        )}
        {phase === 'upcoming' && (
          <Alert
            color="yellow"
            title={intl.formatMessage({
              id: 'passHolder.upcoming',
              defaultMessage: 'This battle has not started yet',
            })}
          >
            {intl.formatMessage(
              {
                id: 'passHolder.upcomingText',
                defaultMessage: 'You can redeem coupons and vote from {start}.',
              },
              {
                start: formatInstant(challenge.data.startDate, challenge.data.timeZone, {
                  locale,
                }),
              },
            )}
          </Alert>
        )}
        {phase === 'ended' && (
          <Alert
            color="yellow"
            title={intl.formatMessage({
              id: 'passHolder.ended',
              defaultMessage: 'This battle has ended',
            })}
          >
            {intl.formatMessage({
              id: 'passHolder.endedText',
              defaultMessage: 'Coupons can no longer be redeemed and votes can no longer be cast.',
            })}
          </Alert>
        )}
        <Tabs
          value={tab}
          onChange={(next) => setParams(next === 'votes' ? { tab: next } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow>
            <Tabs.Tab value="pass" leftSection={<IconTicket size={18} aria-hidden />}>
              {intl.formatMessage({ id: 'passHolder.yourPass', defaultMessage: 'Your Pass' })}
            </Tabs.Tab>
            <Tabs.Tab value="votes" leftSection={<IconThumbUp size={18} aria-hidden />}>
              {intl.formatMessage({ id: 'passHolder.yourVotes', defaultMessage: 'Your Votes' })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pass" pt="md">
            <Stack gap="lg">
              {phase === 'ended' ? (
                <BattleSummary challenge={challenge.data} stops={list} progress={progress.data} />
              ) : (
                <NextStop
                  stops={list.map((coupon) => ({
                    shop: coupon.business,
                    visited: coupon.redeemed,
                  }))}
                  timeZone={challenge.data.timeZone}
                  suggest={phase === 'running' && pass.data.active}
                />
              )}
              <PassMilestones
                challengeId={challenge.data.id}
                visited={redeemed}
                shops={list.length}
                milestones={progress.data.milestones}
              />
              <PassCoupons
                coupons={list}
                moment={
                  phase === 'ended'
                    ? 'ended'
                    : phase === 'running' && pass.data.active
                      ? 'redeemable'
                      : 'not-yet'
                }
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="votes" pt="md">
            <VotesPanel
              stops={stops}
              progress={progress.data}
              votesPerShop={challenge.data.votesPerShop}
            />
          </Tabs.Panel>
        </Tabs>
        <MyDrawEntries />
        <PassStats
          challenge={challenge.data}
          pass={pass.data}
          ended={phase === 'ended'}
          redeemed={redeemed}
          shops={list.length}
        />
        {config?.testToolsEnabled && phase === 'running' && (
          <Group
            component="section"
            aria-label={intl.formatMessage({
              id: 'passHolder.testingTools',
              defaultMessage: 'Testing tools',
            })}
            mt="xl"
          >
            <ResetVotesButton />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
