import './app/mantine-base.css';
import 'virtual:theme.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
// The app's code evaluates in two tasks, not one of 110-160 ms on a slow phone (ADR 0053): React,
// TanStack Query and the providers (Mantine) first; the routes and the rest after the yield.
import './app/providers.tsx';
import { nextTask } from './lib/yield-to-browser.ts';
import { App } from './app/App.tsx';
import { loadServerRenderedPage } from './app/router.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { keepServedAnswers, takeServedSaved } from '#client/lib/saved-answers.ts';
import {
  DRAWN_AT_ATTRIBUTE,
  SERVER_ANSWERS_ID,
  SERVER_STATE_ID,
  type ServedAnswer,
} from '#shared/server-render.ts';
import { drawPagesAt } from '#client/lib/drawn-at.ts';
import { holdFirstTapUntilHydrated } from '#client/lib/held-tap.ts';
import { markTakenOver } from '#client/lib/hydrated.ts';
import { pageAt } from '#shared/pages.ts';
import { APP_HYDRATING_EVENT, PAGE_HYDRATED_EVENT } from '#client/lib/live-parts.ts';
import { loadCatalog, type Catalog } from './i18n/catalogs.ts';
import { documentPageLanguage, withoutBasename } from './i18n/language.tsx';
import { createIntl } from 'react-intl';
import { localeOf, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { speakValidationIn } from '#client/lib/schema-resolver.ts';

// main.tsx's own work (the served answers kept, the page's module asked for) starts in a task of
// its own too, after the routes' modules evaluated (docs/decisions/0054).
await nextTask();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A server-rendered page (docs/decisions/0027) carries the answers it was rendered with: the
// browser starts from them and takes over the HTML instead of rendering it again.
const serverStateElement = document.getElementById(SERVER_STATE_ID);
const serverState = serverStateElement?.textContent;
// A page drawn with the member's account (/profile) also carries them as the API sent them, for
// the page's offline copy: the pass then opens offline after this first visit.
const servedAnswers = document.getElementById(SERVER_ANSWERS_ID)?.textContent;
if (servedAnswers) keepServedAnswers(JSON.parse(servedAnswers) as ServedAnswer[]);
const queryClient = createQueryClient();
if (serverState) hydrate(queryClient, JSON.parse(serverState) as DehydratedState);
// The server drew the page with the visitor's account (the member's pass; or signed out, on a
// page drawn so for visitors without a session) when it sent that answer with the page.
const accountInHtml = queryClient.getQueryState(queryKeys.user) !== undefined;
// The page's language is the server's (docs/decisions/0048-languages.md): its words load before
// React draws or takes over the page, so the first drawing is in that language.
const pageLanguage = documentPageLanguage();
const pathname = withoutBasename(window.location.pathname, pageLanguage);
const app = (catalog: Catalog) => {
  // The forms' validation speaks the page's language too (the shared schemas' messages).
  if (pageLanguage.language !== SOURCE_LANGUAGE) {
    speakValidationIn(
      createIntl({
        locale: localeOf(pageLanguage.language),
        defaultLocale: localeOf(SOURCE_LANGUAGE),
        messages: catalog,
      }),
    );
  }
  return (
    <StrictMode>
      <App
        queryClient={queryClient}
        accountInHtml={accountInHtml}
        page={pageLanguage}
        catalog={catalog}
      />
    </StrictMode>
  );
};
/**
 * React's own report of an error nothing caught (window.reportError), followed by the components
 * it was thrown in: what locates an error seen once in a full browser run.
 */
const rootOptions = {
  onUncaughtError(error: unknown, info: { componentStack?: string | undefined }) {
    reportError(error);
    console.error(
      `The error above was thrown in:${info.componentStack ?? ' (no component stack)'}`,
    );
  },
};
if (serverState) {
  // A drawn app page's buttons wait for the app's code (not preloaded, ADR 0027); a public page's
  // own script holds its taps already (src/client/document).
  if (pageAt(pathname)?.page.kind === 'app') holdFirstTapUntilHydrated();
  // With the page's module in first, React takes over the page's HTML as it stands: in a
  // transition, so the work is cut into short tasks and a tap is never kept waiting long.
  void Promise.all([loadCatalog(pageLanguage.language), loadServerRenderedPage(pathname)]).then(
    ([catalog]) => {
      window.dispatchEvent(new Event(APP_HYDRATING_EVENT));
      drawPagesAt(Number(serverStateElement?.getAttribute(DRAWN_AT_ATTRIBUTE)) || undefined);
      window.addEventListener(PAGE_HYDRATED_EVENT, () => drawPagesAt(undefined), { once: true });
      startTransition(() => {
        hydrateRoot(container, app(catalog), rootOptions);
      });
    },
  );
} else {
  void loadCatalog(pageLanguage.language).then((catalog) => {
    markTakenOver();
    createRoot(container, rootOptions).render(app(catalog));
  });
}

// Back online after kept answers stood in for the network (src/client/lib/saved-answers.ts):
// ask for everything again, since the queries never go stale by themselves.
window.addEventListener('online', () => {
  if (takeServedSaved()) void queryClient.invalidateQueries();
});

// Registered once the page is up, so the service worker's downloads never compete with it; on a
// public page the app arrives later (src/client/document), when the page is long up.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void import('./register-service-worker.ts');
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
