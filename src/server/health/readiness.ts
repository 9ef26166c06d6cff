import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** PostgreSQL's code for a missing table: drizzle's journal does not exist before the first migration. */
const UNDEFINED_TABLE = '42P01';

/**
 * Ready to serve: the database answers and has every migration this build ships. The test is
 * drizzle's own: a migration is pending when it is newer than the newest one recorded.
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  let newestApplied: number;
  try {
    const [row] = await queryRows<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    newestApplied = Number(row?.newest ?? 0);
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code;
    if ((code ?? (error as { code?: string }).code) === UNDEFINED_TABLE)
      return { ready: false, reason: 'Database not migrated: run npm run db:migrate' };
    return { ready: false, reason: 'Database unreachable' };
  }
  const pending = readMigrationFiles({ migrationsFolder }).filter(
    (migration) => migration.folderMillis > newestApplied,
  ).length;
  return pending === 0
    ? { ready: true }
    : {
        ready: false,
        reason: `${pending} database migration${pending === 1 ? '' : 's'} pending: run npm run db:migrate`,
      };
}
