import { pages } from '#shared/pages.ts';
import { Stack, Title } from '@mantine/core';
import { Leaderboard } from '#client/features/leaderboard/components/Leaderboard.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin/leaderboard: votes per shop (docs/SPEC.md section 2). Behind RequireAdmin. */
export default function AdminLeaderboardRoute() {
  usePageMeta(pages.adminLeaderboard);
  return (
    <Stack gap="lg" p="md">
      <Title order={1}>Leaderboard</Title>
      <Leaderboard />
    </Stack>
  );
}
