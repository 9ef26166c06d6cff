import '@mantine/core/styles/Badge.css';
import { useId } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { nextMilestoneText, stockGoneText, type MemberMilestone } from '#shared/milestones.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { usePublicMilestones } from '../api/milestones.ts';

/**
 * The pass's milestones (docs/decisions/0046): the next one to aim for ('You've visited 5 of 12
 * shops: 3 more for the pint glass'), each reward reached with its pick-up code until collected,
 * and a tier whose stock ran out before this pass got there. Nothing while the battle has none.
 */
export function PassMilestones({
  challengeId,
  visited,
  shops,
  milestones,
}: {
  challengeId: number;
  visited: number;
  shops: number;
  milestones: MemberMilestone[];
}) {
  const tiers = usePublicMilestones(challengeId);
  const headingId = useId();
  const intl = useMessages();
  if (milestones.length === 0) return null;
  const gone = new Set(tiers.filter((tier) => tier.left === 0).map((tier) => tier.shops));
  const next = nextMilestoneText(
    visited,
    shops,
    milestones.filter((tier) => !gone.has(tier.shops)),
    intl,
  );
  const tierOf = (shops: number, reward: string) =>
    intl.formatMessage(
      {
        id: 'passMilestones.tier',
        defaultMessage: '{shops, plural, one {# shop} other {# shops}}: {reward}',
      },
      { shops, reward },
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {intl.formatMessage({ id: 'passMilestones.title', defaultMessage: 'Milestones' })}
        </Title>
        {next && <Text fw={600}>{next}</Text>}
        {milestones.map((tier) =>
          tier.reached ? (
            <Group key={tier.shops} gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">{tierOf(tier.shops, tier.reward)}</Text>
              {tier.collected ? (
                <Badge color="gray">
                  {intl.formatMessage({
                    id: 'passMilestones.collected',
                    defaultMessage: 'Collected',
                  })}
                </Badge>
              ) : (
                <Text size="sm">
                  {intl.formatMessage({
                    id: 'passMilestones.pickupCode',
                    defaultMessage: 'Pick-up code',
                  })}{' '}
                  <Text span ff="monospace" fw={700} size="lg">
                    {tier.pickupCode}
                  </Text>
                </Text>
              )}
            </Group>
          ) : (
            gone.has(tier.shops) && (
              <Text key={tier.shops} size="sm" c="dimmed">
                {tierOf(tier.shops, stockGoneText(tier.reward, intl))}
              </Text>
            )
          ),
        )}
        {milestones.some((tier) => tier.reached && !tier.collected) && (
          <Text size="xs" c="dimmed">
            {intl.formatMessage({
              id: 'passMilestones.showCode',
              defaultMessage:
                'Show the code to the organizers to collect your reward; it works once.',
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
