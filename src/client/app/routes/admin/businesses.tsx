import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /admin/businesses: the shops of a challenge (spec section 2). Behind RequireAdmin. */
export default function AdminBusinessesRoute() {
  usePageMeta({ title: 'Manage Businesses - Admin Dashboard' });
  return <PagePlaceholder title="Manage Businesses" />;
}
