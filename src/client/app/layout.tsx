import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from '#client/components/Header.tsx';
import { NetworkNotices } from '#client/components/NetworkNotices.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { RouteError } from '#client/components/RouteError.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { useHydrated } from '#client/lib/hydrated.ts';
import { dropSignedInMark } from '#client/lib/signed-in-hint.ts';
import classes from './layout.module.css';
import { useScrollOnNavigate } from './scroll-on-navigate.ts';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Every page: skip link, header (auth and pass features meet here), the page. While a page's
 * module downloads, the page before it stays (navigations are transitions); on the first visit
 * a spinner shows below the header.
 */
export function RootLayout() {
  const { user, isPending } = useUser();
  const hasPass = useHasPass(user?.id ?? null);
  const challenge = useCurrentBattle();
  const phase = useChallengePhase(challenge.data);
  // The phase is read on the clock of whoever draws the page: while the browser takes over the
  // server's HTML (drawn with the member's account on /profile), passes count as on sale, as
  // while the battle loads, so a phone whose clock disagrees with the server's still matches it.
  const hydrated = useHydrated();
  const logout = useLogout();
  const { pathname } = useLocation();
  useScrollOnNavigate();
  useEffect(() => {
    if (!isPending) dropSignedInMark();
  }, [isPending]);

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
          passesOnSale={!hydrated || challenge.isPending || phase === 'running'}
          onLogout={() => {
            logout.mutate();
          }}
          loggingOut={logout.isPending}
        />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <NetworkNotices />
        <RouteError resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteError>
      </main>
    </div>
  );
}
