import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { pageAt, pages } from '#shared/pages.ts';
import { NotFound } from '#client/components/NotFound.tsx';
import { documentPageLanguage, withoutBasename } from '#client/i18n/language.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { RootLayout, ShopLayout } from './layout.tsx';

/*
 * Each page is its own module, loaded when first visited: public pages never download admin
 * code (or the rich-text editor that admin pages bring). The routes are declarative: React
 * Router's data router (loaders, actions, fetchers, its own lazy routes) would add its code to
 * every page's download (docs/decisions/0008), and this app uses none of it.
 */

interface PageModule {
  default: ComponentType;
}
const serverRenderedModules = import.meta.glob<PageModule>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
]);
const loadedPageModules = new Map<string, PageModule>();
/** The registry's `serverModule` ('app/routes/home.tsx') as this folder's glob names it. */
const globKey = (serverModule: string) => `./${serverModule.replace(/^app\//, '')}`;

async function loadPageModule(key: string): Promise<PageModule> {
  const load = serverRenderedModules[key];
  if (!load) throw new Error(`no page module ${key}`);
  const loaded = await load();
  loadedPageModules.set(key, loaded);
  return loaded;
}

/**
 * A page the server renders (#shared/pages.ts `serverModule`). Once its module is in, React
 * gets it at once: hydration then takes over the server's HTML in one pass, instead of waiting
 * a turn during which any update above it (the session's answer) would have React draw the page
 * again from nothing (src/client/document hands taps to the elements it drew).
 */
function serverRenderedPage(serverModule: string) {
  const key = globKey(serverModule);
  return lazy(() => {
    const loaded = loadedPageModules.get(key);
    if (!loaded) return loadPageModule(key);
    // A thenable that answers as it is asked: React.lazy reads it without suspending.
    const ready = { then: (resolve: (module: PageModule) => void) => resolve(loaded) };
    return ready as unknown as Promise<PageModule>;
  });
}

/** Loads the module of the server-rendered page at this path, before the app hydrates it. */
export async function loadServerRenderedPage(pathname: string): Promise<void> {
  const serverModule = pageAt(pathname)?.page.serverModule;
  if (serverModule) await loadPageModule(globKey(serverModule));
}

const HomeRoute = serverRenderedPage(pages.home.serverModule);
const BattlesRoute = serverRenderedPage(pages.battles.serverModule);
const ResultsRoute = lazy(() => import('./routes/results.tsx'));
const AuthRoute = serverRenderedPage(pages.auth.serverModule);
const AuthResetRoute = lazy(() => import('./routes/auth-reset.tsx'));
const AuthVerifyEmailRoute = lazy(() => import('./routes/auth-verify-email.tsx'));
const BusinessRoute = serverRenderedPage(pages.business.serverModule);
const CheckoutRoute = serverRenderedPage(pages.checkout.serverModule);
const EmailUnsubscribeRoute = serverRenderedPage(pages.emailUnsubscribe.serverModule);
const ProfileRoute = serverRenderedPage(pages.profile.serverModule);
const loadSandboxCheckout = () => import('./routes/sandbox-checkout.tsx');
const SandboxMailboxRoute = lazy(() => import('./routes/sandbox-mailbox.tsx'));
const PrivacyRoute = lazy(() => import('./routes/privacy.tsx'));
const ClaimRoute = lazy(() => import('./routes/claim.tsx'));
const SandboxCheckoutRoute = lazy(loadSandboxCheckout);

// Signed-in pages render only after the sign-in check answers; when a visit starts on one,
// fetch its module meanwhile so the two downloads overlap instead of following each other.
const signedInPageAtStart = [
  { name: 'profile', load: () => loadServerRenderedPage(pages.profile.path) },
  { name: 'sandboxCheckout', load: loadSandboxCheckout },
].find(
  ({ name }) =>
    typeof window !== 'undefined' &&
    pageAt(withoutBasename(window.location.pathname, documentPageLanguage()))?.name === name,
);
void signedInPageAtStart?.load();
const AdminLayout = lazy(() => import('./routes/admin/layout.tsx'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard.tsx'));
const AdminChallengesRoute = lazy(() => import('./routes/admin/challenges.tsx'));
const AdminBusinessesRoute = lazy(() => import('./routes/admin/businesses.tsx'));
const AdminLeaderboardRoute = lazy(() => import('./routes/admin/leaderboard.tsx'));
const AdminSettlementRoute = lazy(() => import('./routes/admin/settlement.tsx'));
const AdminDrawsRoute = lazy(() => import('./routes/admin/draws.tsx'));
const AdminRewardsRoute = lazy(() => import('./routes/admin/rewards.tsx'));
const AdminMessagesRoute = lazy(() => import('./routes/admin/messages.tsx'));
const CashierCardRoute = lazy(() => import('./routes/admin/cashier-card.tsx'));
const ShopRoute = lazy(() => import('./routes/shop.tsx'));
const ShopCardRoute = lazy(() => import('./routes/shop-card.tsx'));

/** Paths come from the page registry (#shared/pages.ts), which the server's 404 and render read too. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path={pages.battles.path} element={<BattlesRoute />} />
        {/* The coffee battle's page is the running challenge's home. */}
        <Route path={pages.coffeeBattle.path} element={<HomeRoute />} />
        <Route path={pages.results.path} element={<ResultsRoute />} />
        <Route path={pages.auth.path} element={<AuthRoute />} />
        <Route path={pages.authReset.path} element={<AuthResetRoute />} />
        <Route path={pages.authVerifyEmail.path} element={<AuthVerifyEmailRoute />} />
        <Route path={pages.business.path} element={<BusinessRoute />} />
        <Route path={pages.checkout.path} element={<CheckoutRoute />} />
        <Route path={pages.emailUnsubscribe.path} element={<EmailUnsubscribeRoute />} />
        <Route path={pages.privacy.path} element={<PrivacyRoute />} />
        <Route path={pages.claimPass.path} element={<ClaimRoute />} />
        <Route element={<RequireUser />}>
          {/* Everyone's reset links are in it: organizers only (docs/RULES.md rule 5); the page
              itself tells a member so. */}
          <Route path={pages.sandboxMailbox.path} element={<SandboxMailboxRoute />} />
          <Route path={pages.profile.path} element={<ProfileRoute />} />
          <Route path={pages.sandboxCheckout.path} element={<SandboxCheckoutRoute />} />
        </Route>
        <Route path={pages.admin.path} element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route index element={<AdminDashboardRoute />} />
            <Route path={pages.adminChallenges.path} element={<AdminChallengesRoute />} />
            <Route path={pages.adminBusinesses.path} element={<AdminBusinessesRoute />} />
            <Route path={pages.adminLeaderboard.path} element={<AdminLeaderboardRoute />} />
            <Route path={pages.adminSettlement.path} element={<AdminSettlementRoute />} />
            <Route path={pages.adminDraws.path} element={<AdminDrawsRoute />} />
            <Route path={pages.adminRewards.path} element={<AdminRewardsRoute />} />
            <Route path={pages.adminMessages.path} element={<AdminMessagesRoute />} />
          </Route>
          <Route path={pages.cashierCard.path} element={<CashierCardRoute />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* A shop's own pages: their own header, no member's buttons (ShopLayout). */}
      <Route element={<ShopLayout />}>
        <Route path={pages.shopPage.path} element={<ShopRoute />} />
        <Route path={pages.shopCard.path} element={<ShopCardRoute />} />
      </Route>
    </Routes>
  );
}
