import '@mantine/core/styles/List.css';
import { useId } from 'react';
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { stockGoneText, type PublicMilestone } from '#shared/milestones.ts';
import { countOf } from '#shared/plural.ts';
import { usePublicMilestones } from '../api/milestones.ts';

/** 'Visit 4 shops: pint glass (12 left)', or 'All pint glasses are gone' once the stock is out. */
export function tierText(tier: PublicMilestone): string {
  const visit = `Visit ${countOf(tier.shops, 'shop')}: ${tier.reward}`;
  if (tier.left === 0) return `${visit}. ${stockGoneText(tier.reward)}`;
  return tier.left === null ? visit : `${visit} (${tier.left} left)`;
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
  if (tiers.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={headingOrder} size="h5" id={headingId}>
          Rewards along the way
        </Title>
        <List size="sm" spacing={2}>
          {tiers.map((tier) => (
            <List.Item key={tier.id}>{tierText(tier)}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          Picked up in person with the code on your pass.
        </Text>
      </Stack>
    </Paper>
  );
}
