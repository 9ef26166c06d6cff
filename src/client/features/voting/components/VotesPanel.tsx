import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { PublicBusiness } from '#shared/businesses.ts';
import { paths } from '#shared/paths.ts';
import type { MemberProgress } from '#shared/progress.ts';
import type { PassStop } from '#client/lib/member-progress.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { offlineMessages, useOnline } from '#client/lib/offline.ts';
import { useCastVote } from '../api/cast-vote.ts';
import { ConfirmVoteDialog } from './ConfirmVoteDialog.tsx';
import { HowToVote } from './HowToVote.tsx';

export interface VotesPanelProps {
  /** The member's coupons with their shops (one per live shop, in display order). */
  stops: PassStop[];
  /** The member's votes, available and cast. */
  progress: Pick<MemberProgress, 'availableVotes' | 'passVotes' | 'ownVotes'>;
  /** The challenge's per-shop limit for one pass; null = unlimited (docs/RULES.md rule 2). */
  votesPerShop: number | null;
}

/**
 * What to do next, from the member's real state: the spec's sentence before any coupon is
 * redeemed, then votes waiting to be cast, then all cast.
 */
function votingAdvice(
  intl: IntlShape,
  redeemedCount: number,
  couponCount: number,
  votesLeft: number,
  votedCount: number,
): string {
  if (votesLeft > 0) {
    return intl.formatMessage(
      {
        id: 'votes.toCast',
        defaultMessage:
          'You have {count, plural, one {# vote} other {# votes}} to cast: choose a shop below.',
      },
      { count: votesLeft },
    );
  }
  if (redeemedCount === 0) {
    return intl.formatMessage({
      id: 'votes.notYet',
      defaultMessage:
        'You have not voted yet. Redeem a coupon to earn a vote, then vote for your favorite shop.',
    });
  }
  if (votedCount > 0) {
    return redeemedCount < couponCount
      ? intl.formatMessage({
          id: 'votes.allCastMore',
          defaultMessage: 'You have cast all your votes. Redeem another coupon to earn one more.',
        })
      : intl.formatMessage({
          id: 'votes.allCast',
          defaultMessage: 'You have cast all your votes. Thank you for voting!',
        });
  }
  return intl.formatMessage({
    id: 'votes.redeemToVote',
    defaultMessage: 'Redeem a coupon to earn a vote, then vote for your favorite shop.',
  });
}

/**
 * The 'Your Votes' tab: votes available, the member's votes, and every shop to vote for.
 * Visited shops are those with a redeemed coupon; voted shops those with own votes.
 */
export function VotesPanel({ stops, progress, votesPerShop }: VotesPanelProps) {
  const intl = useMessages();
  const vote = useCastVote();
  const online = useOnline();
  // The shop whose Vote was tapped, until the member confirms or cancels: nothing is sent before.
  const [confirming, setConfirming] = useState<PublicBusiness | null>(null);
  const [confirmMounted, setConfirmMounted] = useState(false);
  const { ownVotes, availableVotes: votesLeft } = progress;
  const ownCount = (shopId: number) => ownVotes[shopId] ?? 0;
  const shops = stops.map((stop) => stop.business);
  const visitedIds = new Set(stops.filter((stop) => stop.redeemed).map((stop) => stop.businessId));
  const voted = shops.filter((shop) => ownCount(shop.id) > 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Badge size="lg" color={votesLeft > 0 ? 'green' : 'gray'} aria-live="polite">
          {intl.formatMessage(
            {
              id: 'votes.available',
              defaultMessage: '{count, plural, one {# vote} other {# votes}} available',
            },
            { count: votesLeft },
          )}
        </Badge>
        <HowToVote />
      </Group>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'votes.title', defaultMessage: 'Your Votes' })}
        </Title>
        <Text>
          {progress.passVotes
            ? votingAdvice(intl, visitedIds.size, stops.length, votesLeft, voted.length)
            : intl.formatMessage({
                id: 'votes.voucherPassNoVote',
                defaultMessage:
                  'This is a free pass from a voucher: in this battle it redeems coupons but does not vote.',
              })}
        </Text>
        {voted.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
            {voted.map((shop) => (
              <Card
                key={shop.id}
                withBorder
                padding="sm"
                component="article"
                aria-label={intl.formatMessage(
                  { id: 'votes.yourVotesFor', defaultMessage: 'Your votes for {shop}' },
                  { shop: shop.name },
                )}
              >
                <Text fw={600}>{shop.name}</Text>
                <Text size="sm">
                  {intl.formatMessage(
                    {
                      id: 'votes.count',
                      defaultMessage: '{count, plural, one {# vote} other {# votes}}',
                    },
                    { count: ownCount(shop.id) },
                  )}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'votes.allShops', defaultMessage: 'All Coffee Shops' })}
        </Title>
        {!online && <Text fw={600}>{intl.formatMessage(offlineMessages.voteNeedsNetwork)}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shops.map((shop) => (
            <ShopVoteCard
              key={shop.id}
              shop={shop}
              visited={visitedIds.has(shop.id)}
              ownVotes={ownCount(shop.id)}
              canVoteForShop={votesPerShop === null || ownCount(shop.id) < votesPerShop}
              votesLeft={votesLeft}
              online={online}
              onVote={() => {
                setConfirmMounted(true);
                setConfirming(shop);
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
      {/* Mounted at the first vote tapped (ADR 0051): a closed modal mounts its portal too. */}
      {confirmMounted && (
        <ConfirmVoteDialog
          shop={confirming}
          onConfirm={(shop) => vote.mutate(shop)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

interface ShopVoteCardProps {
  shop: PublicBusiness;
  visited: boolean;
  ownVotes: number;
  canVoteForShop: boolean;
  votesLeft: number;
  /** Votes are confirmed by the server only: offline the button is off. */
  online: boolean;
  onVote: () => void;
}

/** Vote / Vote Again only while the per-shop limit allows (docs/RULES.md rule 2); the server decides in the end. */
function ShopVoteCard({
  shop,
  visited,
  ownVotes,
  canVoteForShop,
  votesLeft,
  online,
  onVote,
}: ShopVoteCardProps) {
  const intl = useMessages();
  const titleId = useId();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {shop.name}
          </Title>
          <Badge color={visited ? 'green' : 'gray'} variant={visited ? 'filled' : 'default'}>
            {visited
              ? intl.formatMessage({ id: 'votes.visited', defaultMessage: 'Visited' })
              : intl.formatMessage({ id: 'votes.notVisited', defaultMessage: 'Not Visited' })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {shop.address}
        </Text>
        {ownVotes > 0 && (
          <Text size="sm">
            {intl.formatMessage(
              {
                id: 'votes.youGave',
                defaultMessage: 'You gave {count, plural, one {# vote} other {# votes}}',
              },
              { count: ownVotes },
            )}
          </Text>
        )}
        <Group gap="xs" grow>
          {canVoteForShop ? (
            <Button onClick={onVote} disabled={votesLeft <= 0 || !online}>
              {ownVotes > 0
                ? intl.formatMessage({ id: 'votes.voteAgain', defaultMessage: 'Vote Again' })
                : intl.formatMessage({ id: 'votes.vote', defaultMessage: 'Vote' })}
            </Button>
          ) : (
            <Button disabled>
              {intl.formatMessage({ id: 'votes.voted', defaultMessage: 'Voted' })}
            </Button>
          )}
          <Button variant="default" component={Link} to={paths.business(shop.id)}>
            {intl.formatMessage({ id: 'votes.view', defaultMessage: 'View' })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
