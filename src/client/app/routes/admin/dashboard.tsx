import { Box } from '@mantine/core';
import { pages } from '#shared/pages.ts';
import { BackupCard } from '#client/features/backups/components/BackupCard.tsx';
import { Dashboard } from '#client/features/dashboard/components/Dashboard.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin: the organizers' dashboard (docs/SPEC.md section 2) and the backups card. Behind RequireAdmin. */
export default function AdminDashboardRoute() {
  usePageMeta(pages.admin);
  return (
    <>
      <Dashboard />
      <Box px="md" pb="md">
        <BackupCard />
      </Box>
    </>
  );
}
