import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';

/** Where a guard sent a signed-out visitor from; /auth returns there after signing in. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * docs/SPEC.md section 2: while the user loads show a spinner; signed out goes to /auth;
 * signed in without the admin role on an admin route goes to /.
 */
function Guard({ admin }: { admin: boolean }) {
  const { user, isPending } = useUser();
  const location = useLocation();

  if (isPending) return <PageLoader />;
  if (!user) {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.auth} replace state={state} />;
  }
  if (admin && !user.isAdmin) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** Pages for any signed-in member (/profile). */
export function RequireUser() {
  return <Guard admin={false} />;
}

/** Pages for admins (/admin/...). */
export function RequireAdmin() {
  return <Guard admin />;
}
