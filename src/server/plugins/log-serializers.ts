import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Database errors carry their query parameters, which can be session ids, password hashes or
 * redemption codes: log the query's shape and the cause, never the values.
 */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: Error): SerializedError {
  return scrub(stdSerializers.err(error)) as SerializedError;
}

const PARAMS_LINE = /\nparams: [^\n]*/g;

function scrub(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  delete copy.params;
  for (const key of ['message', 'stack'] as const) {
    if (typeof copy[key] === 'string')
      copy[key] = copy[key].replace(PARAMS_LINE, '\nparams: [redacted]');
  }
  if (copy.cause && typeof copy.cause === 'object')
    copy.cause = scrub(copy.cause as Record<string, unknown>);
  return copy;
}

/** A shop's private page token is its only key: request logs show the path without it. */
const SHOP_TOKEN_IN_PATH = /(\/shop\/)[^/?#]+/g;

/** The query's `token` parameters (an emailed link's secret: reset, email change) by name. */
function isTokenParameter(rawName: string): boolean {
  let name = rawName.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: compare the name as written.
  }
  return name.trim().toLowerCase() === 'token';
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return isTokenParameter(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
}

/** The URL as logged: every secret it may carry (a shop token, a `token` query value) redacted. */
export function redactUrl(url: string): string {
  const redacted = url.replace(SHOP_TOKEN_IN_PATH, '$1[redacted]');
  const queryStart = redacted.indexOf('?');
  if (queryStart === -1) return redacted;
  return `${redacted.slice(0, queryStart)}?${redactQuery(redacted.slice(queryStart + 1))}`;
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
