import '@mantine/core/styles/List.css';
import { useId } from 'react';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { stockGoneText, type PublicMilestone } from '#shared/milestones.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { usePublicMilestones } from '../api/milestones.ts';

/**
 * 'Visit 4 shops: pint glass (12 left)', or 'All pint glasses are gone' once the stock is out, in
 * the page's language.
 */
function tierText(tier: PublicMilestone, intl: IntlShape): string {
  return intl.formatMessage(
    {
      id: 'milestoneTiers.tier',
      defaultMessage:
        'Visit {shops, plural, one {# shop} other {# shops}}: {reward}{stock, select, gone {. {gone}} unlimited {} other { ({left} left)}}',
    },
    {
      shops: tier.shops,
      reward: tier.reward,
      stock: tier.left === 0 ? 'gone' : tier.left === null ? 'unlimited' : 'some',
      gone: stockGoneText(tier.reward, intl),
      left: tier.left ?? 0,
    },
  );
}

/**
 * The battle's milestones beside a pass on sale (the battle page, /checkout): nothing while there
 * are none (docs/decisions/0046).
 */
export function MilestoneTiers({
  challengeId,
  headingOrder = 3,
}: {
  challengeId: number;
  /** Its heading's level where it stands: 3 under the pass card's heading, 2 at a page's top. */
  headingOrder?: 2 | 3;
}) {
  const tiers = usePublicMilestones(challengeId);
  const headingId = useId();
  const intl = useMessages();
  if (tiers.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={headingOrder} size="h5" id={headingId}>
          {intl.formatMessage({
            id: 'milestoneTiers.title',
            defaultMessage: 'Rewards along the way',
          })}
        </Title>
        <List size="sm" spacing={2}>
          {tiers.map((tier) => (
            <List.Item key={tier.id}>{tierText(tier, intl)}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {intl.formatMessage({
            id: 'milestoneTiers.pickUp',
            defaultMessage: 'Picked up in person with the code on your pass.',
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
