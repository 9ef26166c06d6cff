import { pages } from '#shared/pages.ts';
import { Dashboard } from '#client/features/dashboard/components/Dashboard.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin: the organizers' dashboard (docs/SPEC.md section 2). Behind RequireAdmin. */
export default function AdminDashboardRoute() {
  usePageMeta(pages.admin);
  return <Dashboard />;
}
