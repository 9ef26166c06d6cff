/**
 * The service worker's cache of API answers a member reads offline (docs/decisions/0019). The
 * page empties it whenever the signed-in account changes.
 */
export const OFFLINE_API_CACHE = 'api';

/**
 * GET answers a member needs to read the pass offline: the account's own and the public ones.
 * The service worker keeps them (vite.config.ts) and the page keeps its last copy too
 * (src/client/lib/offline.ts), for a first visit the service worker did not see start.
 */
export const OFFLINE_READABLE_API =
  /\/api\/(session|user|user\/pass|user\/progress|config|challenge\/active|businesses|businesses\/\d+|businesses\/coupon\/\d+|votes)(\?|$)/;
