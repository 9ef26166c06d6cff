import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin/leaderboard: votes per shop (spec section 2). Behind RequireAdmin. */
export default function AdminLeaderboardRoute() {
  usePageMeta({ title: 'Leaderboard - Admin Dashboard' });
  return <PagePlaceholder title="Leaderboard" />;
}
