import { Suspense, useLayoutEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { Header } from '#client/components/Header.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { RouteError } from '#client/components/RouteError.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * A page reached by a link or a redirect starts at its top, or at the element its #hash names;
 * back and forward leave the position to the browser, which restores it.
 */
function useScrollOnNavigate() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}

/**
 * Every page: skip link, header (auth and pass features meet here), the page. While a page's
 * module downloads, the page before it stays (navigations are transitions); on the first visit
 * a spinner shows below the header.
 */
export function RootLayout() {
  const { user, isPending } = useUser();
  const hasPass = useHasPass(user?.id ?? null);
  const logout = useLogout();
  const { pathname } = useLocation();
  useScrollOnNavigate();

  return (
    <div className={classes.shell}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <header className={classes.header}>
        <Header
          user={user}
          userPending={isPending}
          hasPass={hasPass}
          onLogout={() => {
            logout.mutate();
          }}
          loggingOut={logout.isPending}
        />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <RouteError resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteError>
      </main>
    </div>
  );
}
