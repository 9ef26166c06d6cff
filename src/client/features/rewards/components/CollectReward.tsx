import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import { useId, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AdminReward } from '#shared/milestones.ts';
import { errorText } from '#client/lib/api.ts';
import { useCollectReward, useRewardSearch } from '../api/rewards.ts';

/** Where a reward stands, in the counter's words. */
function RewardState({ reward }: { reward: AdminReward }) {
  if (reward.voidedAt) return <Badge color="red">Cancelled: pass refunded</Badge>;
  if (reward.collectedAt) return <Badge color="gray">Collected</Badge>;
  return <Badge color="green">Ready to collect</Badge>;
}

/**
 * The counter's screen (docs/decisions/0046): find a reward by its pick-up code or its member,
 * then mark it collected, once. Made for a phone in one hand.
 */
export function CollectReward() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const found = useRewardSearch(search);
  const collect = useCollectReward();
  const resultsId = useId();

  return (
    <Stack gap="lg">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          collect.reset();
          setSearch(typed.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Pick-up code, username or email"
            description="The code is on the member's pass and in their email"
            autoCapitalize="characters"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit">Find reward</Button>
          </Group>
        </Stack>
      </form>

      {collect.isSuccess && (
        <Alert color="green" title="Collected" role="status">
          {collect.data.reward} for {collect.data.username} is marked collected.
        </Alert>
      )}
      {collect.isError && (
        <Alert color="red" title="Not collected" role="alert">
          {errorText(collect.error, 'Please try again.')}
        </Alert>
      )}

      {search !== '' && (
        <Stack gap="sm" component="section" aria-labelledby={resultsId}>
          <Title order={2} size="h4" id={resultsId}>
            Rewards found
          </Title>
          {found.isPending ? (
            <Text c="dimmed">Looking…</Text>
          ) : found.isError ? (
            <Alert color="red" title="Could not search">
              {errorText(found.error, 'Please try again.')}
            </Alert>
          ) : found.data.length === 0 ? (
            <Text c="dimmed">No reward matches “{search}”.</Text>
          ) : (
            found.data.map((reward) => (
              <Card key={reward.id} withBorder padding="md" component="article">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap">
                    <Text fw={700}>{reward.reward}</Text>
                    <RewardState reward={reward} />
                  </Group>
                  <Text size="sm">
                    {reward.username} ({reward.email}), {reward.shops} shops in{' '}
                    {reward.challengeTitle}
                  </Text>
                  <Text size="sm">
                    Pick-up code{' '}
                    <Text span ff="monospace" fw={700}>
                      {reward.pickupCode}
                    </Text>
                  </Text>
                  {!reward.collectedAt && !reward.voidedAt && (
                    <Button
                      fullWidth
                      loading={collect.isPending && collect.variables === reward.pickupCode}
                      onClick={() => collect.mutate(reward.pickupCode)}
                      aria-label={`Mark collected: ${reward.reward} for ${reward.username}`}
                    >
                      Mark collected
                    </Button>
                  )}
                </Stack>
              </Card>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
