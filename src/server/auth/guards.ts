import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { User } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findUser } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: User | null;
  }
}

/** The signed-in user, or null; looked up once per request. */
export async function loadCurrentUser(db: Db, request: FastifyRequest): Promise<User | null> {
  if (request.currentUser) return request.currentUser;
  const userId = request.session.userId;
  if (userId === undefined) return null;
  const user = await findUser(db, userId);
  request.currentUser = user;
  return user;
}

/** preHandlers: 401 when signed out, 403 when signed in without the role (DECISIONS rule 4). */
export function requireMember(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!(await loadCurrentUser(db, request))) throw unauthorized();
  };
}

export function requireAdmin(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadCurrentUser(db, request);
    if (!user) throw unauthorized();
    if (!user.isAdmin) throw forbidden('Only organizers can do that.');
  };
}

/** The signed-in user inside a handler guarded by requireMember or requireAdmin. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
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
