import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin/challenges: list, create and edit challenges (spec section 2). Behind RequireAdmin. */
export default function AdminChallengesRoute() {
  usePageMeta({ title: 'Manage Challenges - Admin Dashboard' });
  return <PagePlaceholder title="Manage Challenges" />;
}
