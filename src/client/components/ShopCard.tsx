import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Skeleton.css';
import { Badge, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS, TOP_RANK_HIGHLIGHT } from '#shared/constants.ts';
import { paths } from '#shared/paths.ts';
import { formatMoney } from '#shared/money.ts';
import type { IntlShape } from 'react-intl';
import {
  RANK_BADGE_ATTRIBUTE,
  RANK_WORDS_ATTRIBUTE,
  TOP_RANK_ATTRIBUTE,
  rankText,
  rankWordsOf,
} from '#client/lib/live-parts.ts';
import { inSourceLanguage } from '#shared/source-intl.ts';
import { useMessages } from '#client/i18n/language.tsx';
import classes from './ShopCard.module.css';

export const SHOP_FALLBACK_IMAGE = '/images/shop-fallback.svg';
/** A green dark enough for white text (6.3:1); Mantine's green-9 is 4.4:1. */
export const CREDIT_GREEN = '#216e33';
/** An orange dark enough for white text (6.9:1); Mantine's orange-9 is 4.3:1. */
export const PAUSED_ORANGE = '#9a3c00';

/**
 * 'Paused' beside a shop whose redemptions are paused, wherever the public sees it: named for
 * screen readers with what it means, and never shrunk, so it is never cut off on a phone.
 */
export function PausedBadge({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const intl = useMessages();
  return (
    <Badge
      role="note"
      aria-label={intl.formatMessage({
        id: 'shopCard.pausedLabel',
        defaultMessage: 'Paused: not accepting coupons right now',
      })}
      color={PAUSED_ORANGE}
      variant="filled"
      size={size}
      style={{ flexShrink: 0 }}
    >
      {intl.formatMessage({ id: 'shopCard.paused', defaultMessage: 'Paused' })}
    </Badge>
  );
}

export interface ShopCardProps {
  shop: { id: number; name: string; address: string; imageUrl: string | null; paused?: boolean };
  /**
   * Rank by votes (docs/RULES.md rule 10); undefined while the counts load, null without votes
   * (rule 14). The badge is always drawn, hidden without a rank, so the public pages' script
   * (src/client/document) can show it when a first vote arrives.
   */
  rank?: number | null | undefined;
  votes?: number | undefined;
  /** How far the visitor is, once 'Near me' has found them: '0.4 mi'. */
  distance?: string | undefined;
}

/** A rank badge's label in the page's language. */
function rankLabelIn(intl: IntlShape, rank: number | string | null, votes?: number): string {
  if (rank === null) {
    return intl.formatMessage({ id: 'shopCard.noVotes', defaultMessage: 'No votes yet' });
  }
  return votes === undefined
    ? intl.formatMessage({ id: 'shopCard.rank', defaultMessage: 'Rank {rank}' }, { rank })
    : intl.formatMessage(
        {
          id: 'shopCard.rankVotes',
          defaultMessage: 'Rank {rank}, {votes, plural, one {# vote} other {# votes}}',
        },
        { rank, votes },
      );
}

const rankWordsByIntl = new WeakMap<IntlShape, string>();

/** The label's words for the public pages' script, on a page in another language than English. */
function rankWordsIn(intl: IntlShape): string | undefined {
  if (inSourceLanguage(intl)) return undefined;
  let words = rankWordsByIntl.get(intl);
  if (words === undefined) {
    words = JSON.stringify(
      rankWordsOf(
        intl.locale,
        (rank, votes) => rankLabelIn(intl, rank, votes),
        (count) => intl.formatNumber(count),
      ),
    );
    rankWordsByIntl.set(intl, words);
  }
  return words;
}

/**
 * A shop in a grid (docs/SPEC.md section 2): image, name, rank badge, address, '$5 Credit', 'View
 * Details'; 'Paused' while it takes no coupons.
 */
export function ShopCard({ shop, rank, votes, distance }: ShopCardProps) {
  const intl = useMessages();
  const highlighted = rank != null && rank <= TOP_RANK_HIGHLIGHT;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={shop.name}>
      <Card.Section>
        <Image
          src={shop.imageUrl ?? SHOP_FALLBACK_IMAGE}
          fallbackSrc={SHOP_FALLBACK_IMAGE}
          h={180}
          alt=""
          loading="lazy"
        />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg" lineClamp={2}>
            {shop.name}
          </Title>
          {shop.paused && <PausedBadge />}
          <span
            className={classes.rankBadge}
            hidden={rank == null}
            // In English the words of #client/lib/live-parts.ts `rankLabel`, with which the
            // public pages' script updates it before the app takes over; in another language
            // the script takes them from RANK_WORDS_ATTRIBUTE.
            aria-label={rankLabelIn(intl, rank ?? null, votes)}
            {...{
              [RANK_BADGE_ATTRIBUTE]: shop.id,
              [RANK_WORDS_ATTRIBUTE]: rankWordsIn(intl),
              [TOP_RANK_ATTRIBUTE]: highlighted ? '' : undefined,
            }}
          >
            {rankText(rank ?? null)}
          </span>
        </Group>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed" lineClamp={2}>
            {shop.address}
          </Text>
        </Group>
        {distance && (
          <Text size="sm" fw={600}>
            {intl.formatMessage(
              { id: 'shopCard.distanceAway', defaultMessage: '{distance} away' },
              { distance },
            )}
          </Text>
        )}
        <Group justify="space-between" mt="xs">
          <Badge color={CREDIT_GREEN} variant="filled" size="lg" tt="none">
            {intl.formatMessage(
              { id: 'shopCard.credit', defaultMessage: '{amount} Credit' },
              { amount: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
            )}
          </Badge>
          <Button
            component={Link}
            to={paths.business(shop.id)}
            variant="light"
            aria-label={intl.formatMessage(
              { id: 'shopCard.viewDetailsOf', defaultMessage: 'View Details: {name}' },
              { name: shop.name },
            )}
          >
            {intl.formatMessage({ id: 'shopCard.viewDetails', defaultMessage: 'View Details' })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The grey placeholder shown while shops load. */
export function ShopCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md" aria-hidden>
      <Card.Section>
        <Skeleton h={180} radius={0} />
      </Card.Section>
      <Skeleton h={20} mt="md" w="70%" />
      <Skeleton h={14} mt="sm" w="90%" />
      <Skeleton h={30} mt="md" />
    </Card>
  );
}
