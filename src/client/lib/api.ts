import type { z } from 'zod';

/**
 * The web app's only HTTP transport. Pure: it sends JSON with the session cookie, parses the
 * answer with the shared zod contract when given, and throws a typed error. It never shows
 * toasts or redirects; hooks and route guards decide what a failure means.
 */

/** A non-ok answer. `message` follows spec section 8: '{status}: {body text or status text}'. */
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
    super(`${String(status)}: ${serverMessage ?? (typeof body === 'string' && body ? body : statusText)}`);
  }
}

/** The answer had a 2xx status but did not match the shared contract. */
export class ApiContractError extends Error {
  override readonly name = 'ApiContractError';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<Schema extends z.ZodType | undefined> {
  /** Sent as JSON. Omit for requests without a body (no Content-Type is sent then). */
  body?: unknown;
  /** Parses the successful answer; without it the answer is `unknown`. */
  schema?: Schema;
  signal?: AbortSignal;
}

type Result<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

export async function apiRequest<Schema extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: RequestOptions<Schema> = {},
): Promise<Result<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const response = await fetch(path, init);
  const body = await readBody(response);

  if (!response.ok) {
    throw new ApiError(response.status, messageOf(body), body, response.statusText);
  }
  if (!options.schema) return body as Result<Schema>;

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiContractError(`Unexpected answer from ${method} ${path}`, { cause: parsed.error });
  }
  return parsed.data as Result<Schema>;
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
  get: <Schema extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<Schema>, 'body'>,
  ) => apiRequest('GET', path, options),
  post: <Schema extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<Schema>) =>
    apiRequest('POST', path, options),
  put: <Schema extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<Schema>) =>
    apiRequest('PUT', path, options),
  patch: <Schema extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<Schema>) =>
    apiRequest('PATCH', path, options),
  delete: <Schema extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<Schema>) =>
    apiRequest('DELETE', path, options),
};

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Text for a toast: the server's own message when it sent one, else the fallback copy.
 * Network failures and contract mismatches get the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
