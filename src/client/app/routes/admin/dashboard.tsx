import { Box } from '@mantine/core';
import { BackupCard } from '#client/features/backups/components/BackupCard.tsx';
import { Dashboard } from '#client/features/dashboard/components/Dashboard.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin: the organizers' dashboard (docs/SPEC.md section 2) and the backups card. Behind RequireAdmin. */
export default function AdminDashboardRoute() {
  const intl = useMessages();
  usePageMeta({
    title: intl.formatMessage({
      id: 'adminDashboard.pageTitle',
      defaultMessage: 'Admin Dashboard',
    }),
  });
  return (
    <>
      <Dashboard />
      <Box px="md" pb="md">
        <BackupCard />
      </Box>
    </>
  );
}
