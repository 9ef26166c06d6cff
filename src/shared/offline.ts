import { endpointPattern, endpointsWhere, type EndpointDescription } from './endpoints.ts';
import { pages, type PageDescription } from './pages.ts';

/**
 * The service worker's cache of API answers a member reads offline (docs/decisions/0027). The
 * page empties it whenever the signed-in account changes.
 */
export const OFFLINE_API_CACHE = 'api';

/**
 * The service worker's cache of pages, the last copy of each opened page for reading offline.
 * /profile's copy holds the member's pass (it is drawn with their account): the page deletes it
 * whenever the signed-in account changes.
 */
export const OFFLINE_PAGES_CACHE = 'pages';

/**
 * A code typed offline is sent with this header (docs/decisions/0042). The service worker keeps
 * such a request when the network fails and sends it again once the browser is back online,
 * even with the app closed (Workbox background sync, vite.config.ts); other requests it never
 * keeps, so a code typed online is never replayed as if it were still current.
 */
export const OFFLINE_REDEMPTION_HEADER = 'x-offline-redemption';

/** The service worker's queue of those requests; the server answers a code typed a day ago no more. */
export const OFFLINE_REDEMPTION_QUEUE = {
  name: 'offline-redemptions',
  maxRetentionMinutes: 24 * 60,
};

/** Answers to these endpoints' paths, with or without a query. */
const answersTo = (offline: (endpoint: EndpointDescription) => boolean) =>
  new RegExp(`(?:${endpointsWhere(offline).map(endpointPattern).join('|')})(\\?|$)`);

/**
 * GET answers a member needs to read the pass offline (#shared/endpoints.ts `offline`: the
 * account's own answers and the public ones that the pass and the shops' pages read), as the
 * page keeps its last copy of them (src/client/lib/saved-answers.ts), which also covers a first
 * visit the service worker did not see start. That copy is the only one of the sign-in check, and
 * it never keeps a signed-out answer: offline, 'nobody is signed in' is never answered from a
 * cache, so the page says it needs the network instead of offering a sign-in form.
 */
export const OFFLINE_READABLE_API = answersTo((endpoint) => endpoint.offline !== undefined);

/** The answers the service worker keeps (vite.config.ts): the same, without the sign-in check. */
export const SERVICE_WORKER_API = answersTo((endpoint) => endpoint.offline === 'kept');

/**
 * Pages whose copies the service worker never keeps (vite.config.ts): those the server draws
 * signed out for a visitor without a session (#shared/pages.ts `drawnSignedOut`: /auth,
 * /checkout), as offline such a copy would offer a sign-in form that cannot work; and those
 * marked `neverKept` (the unsubscribe page, whose address carries the member's token). Offline they
 * get the app's shell, which says the page needs the network. Matches the page's full address
 * (the worker's routes test `url.href`), with or without a query.
 */
export const PAGES_NEVER_KEPT = new RegExp(
  String.raw`^https?://[^/]+(?:${Object.values(pages)
    .filter((page: PageDescription) => page.drawnSignedOut || page.neverKept)
    .map((page) => page.path)
    .join('|')})(?:[?#]|$)`,
);
