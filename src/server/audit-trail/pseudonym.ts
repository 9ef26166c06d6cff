import { sql, type SQL } from 'drizzle-orm';

/**
 * A pass's pseudonym in every published file (votes.csv, a draw's entries.csv) and on the
 * member's own draws: the first 16 hex digits of SHA-256 of the challenge's secret salt, ':' and
 * the pass id, so files agree on who is who without naming anyone (docs/decisions/0013, 0022).
 */
export const passPseudonymSql = (auditSalt: SQL, passId: SQL) =>
  sql`substr(encode(sha256(convert_to(${auditSalt} || ':' || ${passId}, 'UTF8')), 'hex'), 1, 16)`;
