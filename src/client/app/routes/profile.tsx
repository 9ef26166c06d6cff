import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /profile: the member's pass, coupons and votes (spec section 2). Behind RequireUser. */
export default function ProfileRoute() {
  usePageMeta({ title: 'My Profile' });
  return <PagePlaceholder title="Your Coffee Challenge" />;
}
