import { timingSafeEqual } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  preValidationAsyncHookHandler,
} from 'fastify';
import { endpoints, type EndpointDescription } from '#shared/endpoints.ts';
import { findUser } from './service.ts';
import type { Db } from '../db/client.ts';
import type { User } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: User | null;
  }
}

/**
 * The signed-in user, or null; looked up once per request, from this instance's memory while it is
 * known to be current (./session-cache.ts: forgotten on every instance when the row changes).
 */
export async function loadCurrentUser(db: Db, request: FastifyRequest): Promise<User | null> {
  if (request.currentUser) return request.currentUser;
  const userId = request.session.userId;
  if (userId === undefined) return null;
  const cache = request.sessionCache;
  let user = cache.user(userId) ?? null;
  if (!user) {
    const read = cache.startRead();
    user = await findUser(db, userId);
    if (user) cache.keepUser(read, user);
  }
  request.currentUser = user;
  return user;
}

/**
 * preHandlers: 401 when signed out, 403 when signed in without the role (docs/RULES.md rule 4).
 * A member needs only the session: accounts are never deleted and sign-out deletes the session,
 * so member routes skip loading the user row (one round trip less on every redeem and vote).
 * Organizer routes load it, because the role can be taken away.
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply) {
  if (request.session.userId === undefined) throw unauthorized();
}

export function requireAdmin(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadCurrentUser(db, request);
    if (!user) throw unauthorized();
    if (!user.isAdmin) throw forbidden('Only organizers can do that.');
  };
}

/** The signed-in member's id inside a handler guarded by requireMember or requireAdmin. */
export function signedInUserId(request: FastifyRequest): number {
  const userId = request.session.userId;
  if (userId === undefined) throw unauthorized();
  return userId;
}

/** The signed-in user's row, for the handlers that need more than the id. */
export async function requireSignedInUser(db: Db, request: FastifyRequest): Promise<User> {
  const user = await loadCurrentUser(db, request);
  if (!user) throw unauthorized();
  return user;
}

const byRoute = new Map(
  (Object.values(endpoints) as EndpointDescription[]).map((endpoint) => [
    `${endpoint.method} ${endpoint.path}`,
    endpoint,
  ]),
);

/** The registry's entry of an API route (#shared/endpoints.ts), by its method and path. */
const endpointOfRoute = (method: string, url: string): EndpointDescription | undefined =>
  byRoute.get(`${method} ${url}`);

/** Whether the request carries this server's local backup token (docs/decisions/0038). */
function carriesLocalToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * An `onRoute` hook (app.ts) that guards every API route by its entry's access
 * (docs/decisions/0041): a member's route answers 401 and an organizer's 401 or 403 before the
 * body is read, and an organizer's answers, which may hold redemption codes, are kept by no
 * cache. An API route without an entry is refused when it is registered, so no endpoint is left
 * out of the registry and its guard (the table test in guards.test.ts checks the other
 * way: every entry has its route).
 */
export function guardEndpoints(db: Db, localBackupToken: () => string | undefined) {
  const organizerOnly = requireAdmin(db);
  const guards: Partial<Record<EndpointDescription['access'], preValidationAsyncHookHandler>> = {
    member: requireMember,
    organizer: organizerOnly,
  };
  const organizerOrLocalToken: preValidationAsyncHookHandler = async (request, reply) => {
    if (carriesLocalToken(request, localBackupToken())) return;
    await organizerOnly(request, reply);
  };
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    // Fastify answers HEAD with the GET route's handler: it gets that route's guard.
    const entries = asList(route.method).map((method) => {
      const endpoint = endpointOfRoute(method === 'HEAD' ? 'GET' : method, route.url);
      if (!endpoint) {
        throw new Error(`${method} ${route.url} has no entry in src/shared/endpoints.ts`);
      }
      return endpoint;
    });
    const access = entries[0]?.access;
    if (entries.some((endpoint) => endpoint.access !== access)) {
      throw new Error(`${route.url}: one route for endpoints of different access`);
    }
    const guard = entries[0]?.orLocalToken ? organizerOrLocalToken : access && guards[access];
    if (guard) route.preValidation = [guard, ...asList(route.preValidation)];
    if (access === 'organizer') {
      route.onSend = [
        async (_request, reply) => {
          void reply.header('cache-control', 'no-store');
        },
        ...asList(route.onSend),
      ];
    }
  };
}
