import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { SIGNED_IN_HINT_SCRIPT } from '#shared/signed-in-hint.ts';
import { INTL_WARM_UP_SCRIPT } from '#shared/intl-warm-up.ts';
import { forbidden } from '../errors.ts';
import { pathnameOf } from '../text.ts';

export interface SecurityOptions {
  /** The site's origin (site-url.ts): HSTS when it is https; writes from it are same-origin. */
  publicOrigin: string;
  /** Paths that authenticate by signature instead of cookies (payment webhooks). */
  csrfExemptPaths: readonly string[];
  /** Where the map's tiles come from (MAP_TILE_URL), admitted as images even over plain http. */
  mapTileSource: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** helmet's default Strict-Transport-Security, for API answers too when the site is on HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** The inline scripts a page may run, each admitted by its exact text: the signed-in hint, the Intl start. */
const INLINE_SCRIPT_SOURCES = [SIGNED_IN_HINT_SCRIPT, INTL_WARM_UP_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * API answers are data, never pages: they carry the headers that matter for data (no sniffing,
 * not readable cross-origin, nothing loads from or frames them), a few bytes instead of helmet's
 * full set, which halved the throughput of a cached public read (npm run bench).
 */
export function apiAnswerHeaders(publicOrigin: string): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(publicOrigin.startsWith('https:') ? { 'strict-transport-security': HSTS } : {}),
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const hstsOn = options.publicOrigin.startsWith('https:');
  // helmet itself, built once and run once (its headers depend on nothing in the request):
  // @fastify/helmet builds a new helmet on each request, and even a built one's chain of eleven
  // middlewares was a tenth of the server's time on a kept page (npm run bench -- pages).
  const safeHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
        // Mantine sets CSS variables through style attributes and <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', options.mapTileSource],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Stripe Checkout and shop images may live on other origins.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hstsOn ? undefined : false,
  });
  const apiHeaders = apiAnswerHeaders(options.publicOrigin);
  const pageHeaders = headersSetBy(safeHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });

  // Bodies are JSON only: a cross-site HTML form can send text/plain, never application/json.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (options.csrfExemptPaths.includes(pathnameOf(request.url))) return;
    if (!isSameOrigin(request, options.publicOrigin)) {
      throw forbidden('Cross-site request refused.');
    }
  });
});

/**
 * The headers a Node middleware sets on a response, read by running it once against a recorder:
 * helmet's are fixed by its options, so every page answer can carry the same object.
 */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished)
    throw new Error('helmet did not finish at once: its headers depend on the request');
  return headers;
}

/** CSRF defence: a state-changing request must come from our own pages. */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === publicOrigin) return true;
    const host = request.headers.host;
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  }
  // Browsers without Origin on same-site requests still send Fetch Metadata.
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
