import fastifyCookie, { type Signer } from '@fastify/cookie';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../plugins/session.ts';

/**
 * Who is acting in a rule function call: a known member id (tools, benchmarks), or the session
 * id from the request's signed cookie, which the database resolves in the same call.
 */
export type MemberRef = { userId: number } | { sessionId: string | null };

/**
 * The session id of a request's session cookie when its signature holds, else null. Redeem and
 * vote use this instead of loading the session first: the rule function looks the session up
 * (unexpired, signed in) in the same round trip as the rule itself (docs/decisions/0006).
 */
export function sessionIdOf(request: FastifyRequest, signer: Signer): string | null {
  const header = request.headers.cookie;
  const cookie = header ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
  if (!cookie) return null;
  const unsigned = signer.unsign(cookie);
  return unsigned.valid ? unsigned.value : null;
}

/** The member's user id as SQL: null when the session is missing, expired or signed out. */
export function memberIdSql(member: MemberRef, now: Date): SQL {
  return 'userId' in member
    ? sql`${member.userId}::integer`
    : sql`session_user_id(${member.sessionId}, ${now.toISOString()}::timestamptz)`;
}
