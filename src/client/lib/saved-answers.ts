import { OFFLINE_READABLE_API } from '#shared/offline.ts';
import type { ServedAnswer } from '#shared/server-render.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * The page's own copy of the last answers a member reads offline (docs/decisions/0027): the
 * service worker keeps them only from the visit it saw start, so a member who opened /profile
 * once and went offline had nothing saved and met the sign-in form. The copy is in
 * localStorage, belongs to one account (the session's user id) and is dropped whenever the
 * signed-in account changes (`forgetSavedAnswers`).
 */
const STORAGE_KEY = 'offline-answers';

/** Answers that belong to the signed-in account: dropped when another account's session arrives. */
const ACCOUNT_ANSWER = /^\/api\/(session|user)(\/|\?|$)/;

interface SavedAnswer {
  body: unknown;
  /** When the server sent it (epoch ms). */
  at: number;
}

interface Store {
  /** The account the account answers belong to. */
  owner: number | null;
  answers: Record<string, SavedAnswer>;
}

let servedSaved = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Store {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return { owner: null, answers: {} };
  try {
    return JSON.parse(raw) as Store;
  } catch {
    return { owner: null, answers: {} };
  }
}

function write(store: Store): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(store));
  } catch {
    // A full storage keeps the older copy: the service worker's cache still serves later visits.
  }
}

const pathOf = (url: string) => new URL(url, 'http://page.invalid').pathname;

/** An answer as the API sent it; `date` is null when the answer carried none. */
type SentAnswer = Omit<ServedAnswer, 'date'> & { date: string | null };

/** Puts an answer into `store`; the session decides whose the account's answers are. */
function keepIn(store: Store, { url, body, date }: SentAnswer): void {
  if (pathOf(url) === endpoints.session.path) {
    const id = (body as { user?: { id?: number } | null } | undefined)?.user?.id ?? null;
    if (id !== store.owner) {
      for (const key of Object.keys(store.answers)) {
        if (ACCOUNT_ANSWER.test(key)) delete store.answers[key];
      }
      store.owner = id;
    }
    // Signed out: nothing of an account to keep, and the session is asked again next time.
    if (id === null) return;
  } else if (ACCOUNT_ANSWER.test(url) && store.owner === null) {
    return;
  }
  const at = date ? Date.parse(date) : NaN;
  store.answers[url] = { body, at: Number.isNaN(at) ? Date.now() : at };
}

/** Keeps the answers among these the member may need offline, reading and writing the copy once. */
function keepAnswers(answers: SentAnswer[]): void {
  const kept = answers.filter(({ url }) => OFFLINE_READABLE_API.test(url));
  if (kept.length === 0 || !storage()) return;
  const store = read();
  for (const answer of kept) keepIn(store, answer);
  write(store);
}

/** Keeps a successful GET answer the member may need offline; the session decides whose they are. */
export function keepAnswer(url: string, body: unknown, date: string | null): void {
  keepAnswers([{ url, body, date }]);
}

/**
 * Keeps the answers a page drawn with the member's account arrived with (SERVER_ANSWERS_ID), as
 * if the page had fetched them: the sign-in check first, since it decides whose the others are.
 * One read and one write of the copy for all of them: this runs while the page's code starts.
 */
export function keepServedAnswers(answers: ServedAnswer[]): void {
  keepAnswers(
    [...answers].sort(
      (a, b) =>
        Number(pathOf(b.url) === endpoints.session.path) -
        Number(pathOf(a.url) === endpoints.session.path),
    ),
  );
}

/** The last kept answer to this GET, for when the network is gone; undefined when none. */
export function savedAnswer(url: string): SavedAnswer | undefined {
  const answer = read().answers[url];
  if (answer) servedSaved = true;
  return answer;
}

/** When the kept answer to this GET was sent (epoch ms), or undefined when none is kept. */
export function savedAt(url: string): number | undefined {
  return read().answers[url]?.at;
}

/** Whether a saved answer stood in for the network since the last call (then the page asks again). */
export function takeServedSaved(): boolean {
  const served = servedSaved;
  servedSaved = false;
  return served;
}

/** Drops every kept answer: called whenever the signed-in account changes. */
export function forgetSavedAnswers(): void {
  storage()?.removeItem(STORAGE_KEY);
}
