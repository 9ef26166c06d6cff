/**
 * The service worker's cache of API answers a member reads offline (docs/decisions/0019). The
 * page empties it whenever the signed-in account changes.
 */
export const OFFLINE_API_CACHE = 'api';
