import { Stack, Text, Title } from '@mantine/core';
import { CollectReward } from '#client/features/rewards/components/CollectReward.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /admin/rewards: 'Collect a reward', where organizer staff hand out milestone rewards
 * (docs/decisions/0046). Behind RequireAdmin.
 */
export default function AdminRewardsRoute() {
  const intl = useMessages();
  usePageMeta({
    title: intl.formatMessage({
      id: 'adminRewards.pageTitle',
      defaultMessage: 'Collect a reward - Admin Dashboard',
    }),
  });
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {intl.formatMessage({ id: 'adminRewards.title', defaultMessage: 'Collect a reward' })}
      </Title>
      <Text>
        {intl.formatMessage({
          id: 'adminRewards.intro',
          defaultMessage:
            'Members who reach a milestone get a pick-up code. Find their reward and mark it collected when you hand it over; each code works once.',
        })}
      </Text>
      <CollectReward />
    </Stack>
  );
}
