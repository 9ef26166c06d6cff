import { useEffect, useState, useSyncExternalStore } from 'react';
import { defineMessages } from 'react-intl';
import { OFFLINE_API_CACHE, OFFLINE_PAGES_CACHE } from '#shared/offline.ts';
import { pages, type PageDescription } from '#shared/pages.ts';
import { forgetSavedAnswers, savedAt } from './saved-answers.ts';
import { endpoints } from '#shared/endpoints.ts';

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Redeeming and voting are confirmed by the server. Offline a code is saved on the phone and sent
 * when the network is back (docs/decisions/0042); voting is off.
 */
export const offlineMessages = defineMessages({
  redeemSaved: {
    id: 'offline.redeemSaved',
    defaultMessage:
      "You are offline: a code you redeem is saved, and counts when you're back online.",
  },
  voteNeedsNetwork: {
    id: 'offline.voteNeedsNetwork',
    defaultMessage: 'You are offline: voting needs the network.',
  },
  /** Offline, a shop is shown as the device last saved it (the shops list the pass reads). */
  heldShop: {
    id: 'offline.heldShop',
    defaultMessage: 'You are offline: these are the details this device last saved.',
  },
  /** Offline, for a shop the device holds nothing of: what it waits for, not 'not found'. */
  shopNotHeld: {
    id: 'offline.shopNotHeld',
    defaultMessage: 'You are offline, and this shop was not saved on this device.',
  },
});

/** Whether the browser has a network; the server's HTML assumes it has. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
}

/** The answers whose age the offline notice gives: the member's coupons, else the challenge. */
const NEWEST_FIRST = [endpoints.userProgress.path, endpoints.activeChallenge.path];

/** When the saved answers the page shows offline were fetched (their Date header), or null. */
export function useOfflineSince(offline: boolean): Date | null {
  const [since, setSince] = useState<Date | null>(null);
  useEffect(() => {
    if (!offline) return undefined;
    let current = true;
    void (async () => {
      const cache = 'caches' in window ? await caches.open(OFFLINE_API_CACHE) : undefined;
      for (const url of NEWEST_FIRST) {
        // Any language's copy (these answers say Vary: Accept-Language): only its date is read.
        const date = (await cache?.match(url, { ignoreVary: true }))?.headers.get('date');
        // The page's own copy, when the service worker did not see the answer (first visit).
        const at = date ? Date.parse(date) : savedAt(url);
        if (at !== undefined) {
          if (current) setSince(new Date(at));
          return;
        }
      }
    })();
    return () => {
      current = false;
    };
  }, [offline]);
  return offline ? since : null;
}

/**
 * The pages the server draws with the member's account (#shared/pages.ts `readsSession`), none
 * with parameters. Pages drawn signed out are never kept (PAGES_NEVER_KEPT).
 */
const accountPages = Object.values(pages)
  .filter((page: PageDescription) => page.readsSession)
  .map((page) => page.path);

/**
 * Forgets the saved API answers and the saved copies of pages drawn with the account, so a
 * member's pass is never shown offline to whoever signs in next on the device (called whenever
 * the signed-in account changes).
 */
export function forgetOfflineAnswers(): void {
  forgetSavedAnswers();
  if (typeof caches === 'undefined') return;
  void caches.delete(OFFLINE_API_CACHE);
  void caches
    .open(OFFLINE_PAGES_CACHE)
    .then((cache) =>
      Promise.all(accountPages.map((path) => cache.delete(path, { ignoreSearch: true }))),
    );
}
