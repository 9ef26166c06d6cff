import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { pages } from '#shared/pages.ts';
import { paths } from '#shared/paths.ts';
import { Header } from '#client/components/Header.tsx';
import { ShopHeader } from '#client/components/ShopHeader.tsx';
import { NetworkNotices } from '#client/components/NetworkNotices.tsx';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { RouteError } from '#client/components/RouteError.tsx';
import { useLogout } from '#client/features/auth/api/logout.ts';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useHasPass } from '#client/features/passes/api/get-user-pass.ts';
import { useOfflineRedemptionSync } from '#client/features/redemption/offline-redemptions.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { PAGE_HYDRATED_EVENT } from '#client/lib/live-parts.ts';
import { markTakenOver } from '#client/lib/hydrated.ts';
import { dropSignedInMark } from '#client/lib/signed-in-hint.ts';
import { useMessages } from '#client/i18n/language.tsx';
import classes from './layout.module.css';
import { useScrollOnNavigate } from './scroll-on-navigate.ts';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Says when the page (the route's module included: it shares this Suspense boundary) has been
 * hydrated, so a tap the public pages' script held back reaches the app (src/client/document).
 */
function PageHydrated() {
  useEffect(() => {
    window.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
    // After every effect of this drawing: each part drawn in it still checks it drew as hydrating.
    queueMicrotask(markTakenOver);
  }, []);
  return null;
}

/**
 * Every page: skip link, header (auth and pass features meet here), the page, and a footer with
 * the privacy page (docs/decisions/0039). While a page's
 * module downloads, the page before it stays (navigations are transitions); on the first visit
 * a spinner shows below the header.
 */
export function RootLayout() {
  const { user, isPending } = useUser();
  const hasPass = useHasPass(user?.id ?? null);
  const challenge = useCurrentBattle();
  const phase = useChallengePhase(challenge.data);
  const logout = useLogout();
  useScrollOnNavigate();
  // Codes typed without signal go to the server when the app opens and when it is back online.
  useOfflineRedemptionSync(user?.id ?? null);
  useEffect(() => {
    if (!isPending) dropSignedInMark();
  }, [isPending]);

  return (
    <PageFrame
      header={
        <Header
          user={user}
          userPending={isPending}
          hasPass={hasPass}
          passesOnSale={challenge.isPending || phase === 'running'}
          resultsPath={challenge.data ? paths.results(challenge.data.id) : null}
          onLogout={() => {
            logout.mutate();
          }}
          loggingOut={logout.isPending}
        />
      }
    />
  );
}

/**
 * A shop's own pages (/shop/:token and its card): their own header, the site's name and 'Shop
 * page', with no 'Buy Pass' or 'Sign In' (docs/decisions/0036-one-word-per-thing.md). The shop's
 * link is its key; nothing on these pages asks for an account.
 */
export function ShopLayout() {
  useScrollOnNavigate();
  return <PageFrame header={<ShopHeader />} />;
}

/** What every page has around its header: the skip link, the offline notices, the page. */
function PageFrame({ header }: { header: ReactNode }) {
  const { pathname } = useLocation();
  const intl = useMessages();
  return (
    <div className={classes.shell}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {intl.formatMessage({ id: 'layout.skipToContent', defaultMessage: 'Skip to main content' })}
      </a>
      {header}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <NetworkNotices />
        <RouteError resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </RouteError>
      </main>
      <footer className={classes.footer}>
        <Link to={pages.privacy.path}>
          {intl.formatMessage({ id: 'layout.privacy', defaultMessage: 'Privacy' })}
        </Link>
      </footer>
    </div>
  );
}
