/** The id of the JSON script in which a server-rendered page carries its answers (docs/decisions/0027). */
export const SERVER_STATE_ID = 'server-state';

/** On that element: the instant the page was drawn at (#client/lib/drawn-at.ts). */
export const DRAWN_AT_ATTRIBUTE = 'data-drawn-at';

/**
 * The id of the JSON script in which a page drawn with the member's own account (a page that
 * reads the session, #shared/pages.ts) also carries the API answers it was drawn with, as the
 * API sent them: the page keeps its offline copy of them (src/client/lib/saved-answers.ts) as it
 * keeps the answers it fetches, so the pass opens offline after this one visit.
 */
export const SERVER_ANSWERS_ID = 'server-answers';

/**
 * Whose page a server render draws (src/client/entry-server.tsx): everyone's, the account left
 * unknown for the browser to ask; a visitor's who has no session, signed out (#shared/pages.ts
 * `drawnSignedOut`); or the member's own, with their answers (`readsSession`).
 */
export type DrawnFor = 'everyone' | 'signed-out' | 'member';

/** One answer in the SERVER_ANSWERS_ID script. */
export interface ServedAnswer {
  /** The API path asked for. */
  url: string;
  body: unknown;
  /** When the server sent it (an HTTP date). */
  date: string;
}

/**
 * The build manifest's keys (vite.config.ts builds both entries): the app's own entry, and the
 * public pages' small script (docs/decisions/0027).
 */
export const APP_ENTRY = 'index.html';
export const DOCUMENT_SCRIPT = 'document/main.ts';
