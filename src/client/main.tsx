import './app/mantine-base.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './app/App.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { keepServedAnswers, takeServedSaved } from '#client/lib/saved-answers.ts';
import { SERVER_ANSWERS_ID, SERVER_STATE_ID, type ServedAnswer } from '#shared/server-render.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A server-rendered page (docs/decisions/0019) carries the answers it was rendered with: the
// browser starts from them and takes over the HTML instead of rendering it again.
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
// A page drawn with the member's account (/profile) also carries them as the API sent them, for
// the page's offline copy: the pass then opens offline after this first visit.
const servedAnswers = document.getElementById(SERVER_ANSWERS_ID)?.textContent;
if (servedAnswers) keepServedAnswers(JSON.parse(servedAnswers) as ServedAnswer[]);
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} accountInHtml={Boolean(servedAnswers)} />
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
