import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Makes every route of an encapsulated plugin admin-only (401/403 before the body is even
 * validated) and keeps its answers, which may hold redemption codes, out of every cache.
 */
export function guardAdminScope(scope: FastifyInstance, db: Db) {
  scope.addHook('preValidation', requireAdmin(db));
  scope.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
}
