import { Stack, Title } from '@mantine/core';
import { Leaderboard } from '#client/features/leaderboard/components/Leaderboard.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin/leaderboard: votes per shop (docs/SPEC.md section 2). Behind RequireAdmin. */
export default function AdminLeaderboardRoute() {
  const intl = useMessages();
  usePageMeta({
    exactTitle: intl.formatMessage({
      id: 'adminLeaderboard.pageTitle',
      defaultMessage: 'Leaderboard - Admin Dashboard',
    }),
  });
  return (
    <Stack gap="lg" p="md">
      <Title order={1}>
        {intl.formatMessage({ id: 'adminLeaderboard.title', defaultMessage: 'Leaderboard' })}
      </Title>
      <Leaderboard />
    </Stack>
  );
}
