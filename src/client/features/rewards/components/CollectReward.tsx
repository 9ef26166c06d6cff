import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import { useId, useState } from 'react';
import { defineMessage } from 'react-intl';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AdminReward } from '#shared/milestones.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { useCollectReward, useRewardSearch } from '../api/rewards.ts';

/** Where a reward stands, in the counter's words. */
function RewardState({ reward }: { reward: AdminReward }) {
  const intl = useMessages();
  if (reward.voidedAt) {
    return (
      <Badge color="red">
        {intl.formatMessage({
          id: 'collectReward.cancelled',
          defaultMessage: 'Cancelled: pass refunded',
        })}
      </Badge>
    );
  }
  if (reward.collectedAt) {
    return <Badge color="gray">{intl.formatMessage(collectedWord)}</Badge>;
  }
  return (
    <Badge color="green">
      {intl.formatMessage({ id: 'collectReward.ready', defaultMessage: 'Ready to collect' })}
    </Badge>
  );
}

const collectedWord = defineMessage({ id: 'collectReward.collected', defaultMessage: 'Collected' });
const tryAgain = defineMessage({
  id: 'collectReward.tryAgain',
  defaultMessage: 'Please try again.',
});

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
  const intl = useMessages();

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
            label={intl.formatMessage({
              id: 'collectReward.search',
              defaultMessage: 'Pick-up code, username or email',
            })}
            description={intl.formatMessage({
              id: 'collectReward.searchHint',
              defaultMessage: "The code is on the member's pass and in their email",
            })}
            autoCapitalize="characters"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit">
              {intl.formatMessage({ id: 'collectReward.find', defaultMessage: 'Find reward' })}
            </Button>
          </Group>
        </Stack>
      </form>

      {collect.isSuccess && (
        <Alert color="green" title={intl.formatMessage(collectedWord)} role="status">
          {intl.formatMessage(
            {
              id: 'collectReward.done',
              defaultMessage: '{reward} for {username} is marked collected.',
            },
            { reward: collect.data.reward, username: collect.data.username },
          )}
        </Alert>
      )}
      {collect.isError && (
        <Alert
          color="red"
          title={intl.formatMessage({
            id: 'collectReward.notCollected',
            defaultMessage: 'Not collected',
          })}
          role="alert"
        >
          {errorText(collect.error, intl.formatMessage(tryAgain))}
        </Alert>
      )}

      {search !== '' && (
        <Stack gap="sm" component="section" aria-labelledby={resultsId}>
          <Title order={2} size="h4" id={resultsId}>
            {intl.formatMessage({ id: 'collectReward.found', defaultMessage: 'Rewards found' })}
          </Title>
          {found.isPending ? (
            <Text c="dimmed">
              {intl.formatMessage({ id: 'collectReward.looking', defaultMessage: 'Looking…' })}
            </Text>
          ) : found.isError ? (
            <Alert
              color="red"
              title={intl.formatMessage({
                id: 'collectReward.searchFailed',
                defaultMessage: 'Could not search',
              })}
            >
              {errorText(found.error, intl.formatMessage(tryAgain))}
            </Alert>
          ) : found.data.length === 0 ? (
            <Text c="dimmed">
              {intl.formatMessage(
                { id: 'collectReward.noMatch', defaultMessage: 'No reward matches “{search}”.' },
                { search },
              )}
            </Text>
          ) : (
            found.data.map((reward) => (
              <Card key={reward.id} withBorder padding="md" component="article">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap">
                    <Text fw={700}>{reward.reward}</Text>
                    <RewardState reward={reward} />
                  </Group>
                  <Text size="sm">
                    {intl.formatMessage(
                      {
                        id: 'collectReward.who',
                        defaultMessage: '{username} ({email}), {shops} shops in {challenge}',
                      },
                      {
                        username: reward.username,
                        email: reward.email,
                        shops: String(reward.shops),
                        challenge: reward.challengeTitle,
                      },
                    )}
                  </Text>
                  <Text size="sm">
                    {intl.formatMessage(
                      {
                        id: 'collectReward.pickupCode',
                        defaultMessage: 'Pick-up code <mono>{code}</mono>',
                      },
                      {
                        code: reward.pickupCode,
                        mono: (code) => (
                          <Text span ff="monospace" fw={700}>
                            {code}
                          </Text>
                        ),
                      },
                    )}
                  </Text>
                  {!reward.collectedAt && !reward.voidedAt && (
                    <Button
                      fullWidth
                      loading={collect.isPending && collect.variables === reward.pickupCode}
                      onClick={() => collect.mutate(reward.pickupCode)}
                      aria-label={intl.formatMessage(
                        {
                          id: 'collectReward.markCollectedOf',
                          defaultMessage: 'Mark collected: {reward} for {username}',
                        },
                        { reward: reward.reward, username: reward.username },
                      )}
                    >
                      {intl.formatMessage({
                        id: 'collectReward.markCollected',
                        defaultMessage: 'Mark collected',
                      })}
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
