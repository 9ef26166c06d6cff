import { sql, type SQL } from 'drizzle-orm';

/**
 * Who is acting in a rule function call: a known member id (tools, benchmarks), or the session
 * id from the request's signed cookie, which the database resolves in the same call.
 */
export type MemberRef = { userId: number } | { sessionId: string | null };

/** The member's user id as SQL: null when the session is missing, expired or signed out. */
export function memberIdSql(member: MemberRef, now: Date): SQL {
  return 'userId' in member
    ? sql`${member.userId}::integer`
    : sql`session_user_id(${member.sessionId}, ${now.toISOString()}::timestamptz)`;
}
