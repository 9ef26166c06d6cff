/**
 * The server-side renderer (docs/decisions/0027), built by `vite build --ssr` into dist/ssr and
 * loaded by the server's SPA plugin: it renders a page's HTML with the public answers it needs
 * (and /profile with the member's own), which the browser then hydrates instead of rendering from
 * nothing.
 */
import {
  dehydrate,
  QueryCache,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
  type QueryOptions,
  type QueryState,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
// The browser build of React's prerender: its Node build keeps an AsyncLocalStorage, which on
// Node 20 leaves async hooks on for the whole server after the first render, and every request's
// promises then cost about twice as much (src/server/pages/render-context.ts).
import { prerender } from 'react-dom/static.browser';
import { StaticRouter } from 'react-router';
import { userQueryOptions } from '#client/features/auth/api/get-user.ts';
import { setTransport } from '#client/lib/api.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { drawPagesAt } from '#client/lib/drawn-at.ts';
import type { DrawnFor } from '#shared/server-render.ts';
import { paths } from '#shared/paths.ts';
import { readProfileAhead } from './app/routes/profile-reads.ts';
import { loadCatalog, type Catalog } from './i18n/catalogs.ts';
import { withoutBasename, type PageLanguage } from './i18n/language.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

/** Answers that are the same for every visitor. */
const PUBLIC_ROOTS: unknown[] = [
  queryKeys.currentBattle,
  queryKeys.publishedChallenges,
  queryKeys.draws(0),
  queryKeys.milestones(0),
  queryKeys.explorers(0),
  queryKeys.businesses,
  queryKeys.voteCounts,
  queryKeys.siteConfig,
].map((key) => key[0]);

/**
 * The visitor's own answers: read only for a page that reads the session (#shared/pages.ts), and
 * left for the browser to fetch on every other page, whose HTML is the same for everyone.
 */
const ACCOUNT_ROOTS: unknown[] = [queryKeys.user, queryKeys.member.all].map((key) => key[0]);

const ROOTS_DRAWN_FOR: Record<DrawnFor, Set<unknown>> = {
  everyone: new Set(PUBLIC_ROOTS),
  'signed-out': new Set([...PUBLIC_ROOTS, queryKeys.user[0]]),
  member: new Set([...PUBLIC_ROOTS, ...ACCOUNT_ROOTS]),
};

/** A query its page has switched off (a closed dialog's) is not asked for, as in the browser. */
function switchedOff(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) === false;
}

export interface RenderedPage {
  html: string;
  /** How many times the page was drawn: to learn what it asks for, then for its HTML. */
  renders: number;
  /** Whether every answer it asked for came: a page missing one draws it loading or failed. */
  complete: boolean;
  /** The answers the HTML was rendered with, for the browser's query cache. */
  state: DehydratedState;
}

/** How one page is drawn: its address, its language and words, whose answers it holds. */
interface Drawing {
  url: string;
  language: PageLanguage;
  catalog: Catalog;
  accountInHtml: boolean;
}

function page(
  { url, language, catalog, accountInHtml }: Drawing,
  queryClient: QueryClient,
): ReactNode {
  return (
    <AppProviders
      queryClient={queryClient}
      accountInHtml={accountInHtml}
      page={language}
      catalog={catalog}
    >
      <StaticRouter location={url} basename={language.basename}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
}

/**
 * A render that waits for the page's lazy modules, to learn which answers it asks for. Its HTML
 * is not sent: it fills suspended parts in with inline scripts, which the CSP forbids.
 */
async function discover(drawing: Drawing, queryClient: QueryClient) {
  const { prelude } = await prerender(page(drawing, queryClient));
  await prelude.cancel();
}

/** A page asks for more once its first answers are in (the shops after the challenge): a few rounds. */
const MAX_RENDER_ROUNDS = 4;

/**
 * The queries the page's drawings ask for, told apart from those read ahead of it: only these go
 * into the page's state, so an answer read ahead that the page did not want is not sent.
 */
class AskedQueries extends QueryCache {
  readonly asked = new Set<string>();
  recording = false;

  override build<
    TQueryFnData = unknown,
    TError = Error,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
  >(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    const query = super.build(client, options, state);
    if (this.recording) this.asked.add(query.queryHash);
    return query;
  }
}

/**
 * What a page drawn for the member asks for, read before its first drawing so it is drawn fewer
 * times (src/client/app/routes/profile-reads.ts). By path, without the language's prefix.
 */
const READ_AHEAD: Partial<
  Record<string, (queryClient: QueryClient, userId: number) => Promise<void>>
> = { [paths.profile]: readProfileAhead };

/**
 * Draws the page as at `drawnAt` (the server's clock, #client/lib/drawn-at.ts). Renders to learn which public answers the page asks for, fetches them through `transport`
 * (the server itself), and renders again until it asks for nothing new. Answers that failed
 * are left out, so the browser starts from the same loading state the HTML shows and asks again.
 * A page drawn for the member is drawn with the visitor's account and their own answers too; null
 * when nobody is signed in, as only the browser can send them to sign in. One drawn signed out
 * carries that answer, so the browser takes it over as drawn. `language`: the page's language and
 * its addresses' prefix (docs/decisions/0048-languages.md); `url` carries that prefix.
 */
export async function render(
  url: string,
  transport: (path: string, init: RequestInit) => Promise<Response>,
  drawnAt: number,
  { drawnFor, language }: { drawnFor: DrawnFor; language: PageLanguage },
): Promise<RenderedPage | null> {
  setTransport(transport);
  // One server clock: renders running at once draw at about the same instant.
  drawPagesAt(drawnAt);
  const queries = new AskedQueries();
  const queryClient = createQueryClient(queries);
  const user = drawnFor === 'member' ? await queryClient.fetchQuery(userQueryOptions()) : null;
  if (drawnFor === 'member' && !user) return null;
  if (drawnFor === 'signed-out') queryClient.setQueryData(queryKeys.user, null);
  const readAhead = user ? READ_AHEAD[withoutBasename(url.split(/[?#]/)[0]!, language)] : undefined;
  if (user && readAhead) {
    await readAhead(queryClient, user.id);
    // A read that failed is asked again by the page's drawing, as the browser would.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  }
  /** One drawing of the page, its queries recorded as asked. */
  let renders = 0;
  const drawn = async <T,>(draw: () => T | Promise<T>): Promise<T> => {
    renders += 1;
    queries.recording = true;
    try {
      return await draw();
    } finally {
      queries.recording = false;
    }
  };
  const drawing: Drawing = {
    url,
    language,
    catalog: await loadCatalog(language.language),
    accountInHtml: drawnFor !== 'everyone',
  };
  const roots = ROOTS_DRAWN_FOR[drawnFor];
  const tried = new Set<string>();
  let complete = true;
  for (let round = 0; round < MAX_RENDER_ROUNDS; round += 1) {
    await drawn(() => discover(drawing, queryClient));
    const wanted = queryClient
      .getQueryCache()
      .findAll({
        predicate: (query) =>
          roots.has(query.queryKey[0]) && query.state.status !== 'success' && !switchedOff(query),
      })
      .filter((query) => !tried.has(query.queryHash));
    if (wanted.length === 0) break;
    for (const query of wanted) tried.add(query.queryHash);
    await Promise.all(
      wanted.map((query) =>
        queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey }),
      ),
    );
    if (wanted.some((query) => query.state.status !== 'success')) complete = false;
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  }
  // The lazy modules are loaded by now, so this plain render has every part in place.
  const html = await drawn(() => renderToString(page(drawing, queryClient)));
  return {
    html,
    renders,
    complete,
    state: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' &&
        roots.has(query.queryKey[0]) &&
        queries.asked.has(query.queryHash),
    }),
  };
}
