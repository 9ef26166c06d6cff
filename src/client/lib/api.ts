/**
 * The web app's only HTTP transport. Pure: it sends JSON with the session cookie, returns the
 * answer typed with the shared contract's type, and throws a typed error. It never shows toasts
 * or redirects; hooks and route guards decide what a failure means. The GET answers a member
 * reads offline are kept, and stand in when the network is gone (./saved-answers.ts).
 *
 * Answers are not parsed again here (ADR 0007): each route declares its answer with the shared
 * zod schema whose type the caller names, and the server's handlers are type-checked (and its
 * serializer checks) against it, so zod stays out of the pages' download.
 */

import { keepAnswer, savedAnswer } from './saved-answers.ts';

/** A non-ok answer. `message` follows docs/SPEC.md section 8: '{status}: {body text or status text}'. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    /** The server's own `message` (every API error body has one), when the body carried it. */
    readonly serverMessage: string | undefined,
    /** The parsed JSON body, or the raw text when it was not JSON. */
    readonly body: unknown,
    statusText: string,
  ) {
    super(
      `${String(status)}: ${serverMessage ?? (typeof body === 'string' && body ? body : statusText)}`,
    );
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * The last answer to each GET that came with a validator: the next one asks with If-None-Match,
 * and a 304 (nothing changed) is answered with it. /profile's 2-second refresh costs the server
 * what a public read costs that way (docs/decisions/0032). The page's own writes drop them all:
 * an answer it wrote into its cache must not be replaced by one kept from before.
 */
const validated = new Map<string, { etag: string; body: unknown }>();
let revalidating = true;

/**
 * The server-side renderer answers the public reads in-process instead of over the network
 * (docs/decisions/0027); the browser keeps `fetch`. A render revalidates nothing: it serves many
 * visitors, and asks afresh each time.
 */
export function setTransport(next: Transport): void {
  transport = next;
  revalidating = false;
  validated.clear();
}

export interface RequestOptions {
  /** Sent as JSON. Omit for requests without a body (no Content-Type is sent then). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent besides Accept and Content-Type. */
  headers?: Record<string, string>;
}

/**
 * The language the page is drawn in (`<html lang>`, set by the server per address): the API's
 * answers speak it (#shared/languages.ts `answerLanguage`), whatever the browser prefers.
 */
const pageLanguage = (): string | undefined =>
  typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;

/** `Answer`: the contract's type of the route's 2xx answer (e.g. `PublicUser`); unknown if unnamed. */
export async function apiRequest<Answer = unknown>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const language = pageLanguage();
  if (language) headers['Accept-Language'] = language;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const held = method === 'GET' ? validated.get(path) : undefined;
  if (held) headers['If-None-Match'] = held.etag;
  else if (method !== 'GET') validated.clear();

  let response: Response;
  try {
    response = await transport(path, init);
  } catch (error) {
    // No network (and nothing in the service worker's cache): the last answer the page kept,
    // so an offline member reads the pass instead of meeting the sign-in form (ADR 0027).
    const saved = method === 'GET' && !options.signal?.aborted ? savedAnswer(path) : undefined;
    if (saved) return saved.body as Answer;
    throw error;
  }
  if (response.status === 304 && held) {
    keepAnswer(path, held.body, response.headers.get('date'));
    return held.body as Answer;
  }
  const body = await readBody(response);

  if (!response.ok) {
    throw new ApiError(response.status, messageOf(body), body, response.statusText);
  }
  if (method === 'GET') {
    const etag = response.headers.get('etag');
    if (revalidating && etag) validated.set(path, { etag, body });
    else validated.delete(path);
    keepAnswer(path, body, response.headers.get('date'));
  }
  return body as Answer;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

export const api = {
  get: <Answer = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<Answer>('GET', path, options),
  post: <Answer = unknown>(path: string, options?: RequestOptions) =>
    apiRequest<Answer>('POST', path, options),
  patch: <Answer = unknown>(path: string, options?: RequestOptions) =>
    apiRequest<Answer>('PATCH', path, options),
  put: <Answer = unknown>(path: string, options?: RequestOptions) =>
    apiRequest<Answer>('PUT', path, options),
  delete: <Answer = unknown>(path: string, options?: RequestOptions) =>
    apiRequest<Answer>('DELETE', path, options),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Text for a toast: the server's own message when it sent one, else the fallback copy.
 * Network failures get the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
