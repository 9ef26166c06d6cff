// Imported by the service worker Workbox generates (vite.config.ts `importScripts`). A page the
// worker did not answer (its navigation ran while the worker activated, after `clientsClaim`
// took the pages then open) asks to be taken, so the answers it fetches next are the worker's
// and its pass opens offline (src/client/register-service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
