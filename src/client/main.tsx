import './app/mantine-base.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app/App.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { takeServedSaved } from '#client/lib/saved-answers.ts';
import { SERVER_STATE_ID } from '#shared/server-render.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A server-rendered page (docs/decisions/0019) carries the answers it was rendered with: the
// browser starts from them and takes over the HTML instead of rendering it again.
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (serverState) {
  hydrate(queryClient, JSON.parse(serverState) as DehydratedState);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// Back online after kept answers stood in for the network (src/client/lib/saved-answers.ts):
// ask for everything again, since the queries never go stale by themselves.
window.addEventListener('online', () => {
  if (takeServedSaved()) void queryClient.invalidateQueries();
});

// Registered once the page is up, so the service worker's downloads never compete with it.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => void import('./register-service-worker.ts'), {
    once: true,
  });
}
