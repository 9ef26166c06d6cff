import { PageLoader } from '#client/components/PageLoader.tsx';
import { PagePlaceholder } from '#client/components/PagePlaceholder.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useUserPass } from '#client/features/passes/api/get-user-pass.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { PassHolderView } from './profile-pass.tsx';

/** /profile: the member's pass, coupons and votes (spec section 2). Behind RequireUser. */
export default function ProfileRoute() {
  usePageMeta({ title: 'My Profile' });
  const { user } = useUser();
  const pass = useUserPass(user?.id ?? null);
  if (pass.isPending) return <PageLoader />;
  if (pass.data) return <PassHolderView />;
  return <PagePlaceholder title="No Pass Found" />;
}
