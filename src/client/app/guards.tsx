import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** Where a guard sent a signed-out visitor from; /auth returns there after signing in. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * docs/SPEC.md section 2: while the user loads show a spinner; signed out goes to /auth (offline
 * with nothing kept, a note that the page needs the network);
 * signed in without the admin role on an admin route goes to /.
 */
function Guard({ admin }: { admin: boolean }) {
  const intl = useMessages();
  const { user, isPending, unreachable } = useUser();
  const location = useLocation();

  if (isPending) return <PageLoader />;
  // Offline on a first visit nothing was kept to say who is signed in: a sign-in form would
  // not work either, so the page says what it waits for (docs/decisions/0027).
  if (!user && unreachable) {
    return (
      <Alert
        color="yellow"
        title={intl.formatMessage({ id: 'guard.offlineTitle', defaultMessage: 'You are offline' })}
        role="status"
        m="md"
      >
        {admin
          ? intl.formatMessage({
              id: 'guard.offlineAdmin',
              defaultMessage: 'This page appears here once you are back online.',
            })
          : intl.formatMessage({
              id: 'guard.offlinePass',
              defaultMessage: 'Your pass appears here once you are back online.',
            })}
      </Alert>
    );
  }
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
