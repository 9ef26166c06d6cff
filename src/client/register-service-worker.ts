import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from '#client/lib/app-update.ts';

/**
 * Registers the service worker (docs/decisions/0027). A new version installs in the background
 * and waits: the page offers 'Update available' and only its Reload switches to it, so a page
 * never mixes two versions' code and never keeps the old one unannounced.
 */
const updateServiceWorker = registerSW({
  onNeedRefresh() {
    announceUpdate(() => {
      // Reload once the waiting version controls the page, whichever registration installed it.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      void updateServiceWorker(false);
    });
  },
  // The reload above covers it.
  onNeedReload() {
    return undefined;
  },
});

// A page whose navigation ran while the worker activated is not the worker's (its `clientsClaim`
// took only the pages then open), and would stay so until the member opens the app again: its
// answers, the pass's offline copy, would go unkept. It asks the active worker to take it
// (public/sw-claim.js).
void navigator.serviceWorker.ready.then((registration) => {
  if (!navigator.serviceWorker.controller)
    registration.active?.postMessage({ type: 'CLAIM_CLIENTS' });
});
