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
