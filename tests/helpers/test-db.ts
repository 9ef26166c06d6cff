import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export { queryRows } from '#server/db/rule-call.ts';

/** One template per checkout, so test runs in two work trees never drop each other's. */
export function templateDatabaseName() {
  return `lb_tpl_${createHash('sha1').update(process.cwd()).digest('hex').slice(0, 10)}`;
}

/** The migrated embedded database the tests start from (global-setup.ts writes it). */
export function pgliteTemplateFile() {
  return path.resolve('.tmp', `${templateDatabaseName()}.pglite.tar`);
}

export function adminUrl(url: string) {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export interface TestDatabase extends Database {
  /** Connection string of this test's own database (PostgreSQL only), for a second instance. */
  url: string | undefined;
  /** Opens another connection pool on the same database, as a second server instance would. */
  reopen(): Promise<Database>;
}

/**
 * A fresh, migrated database for one test file: a copy of the migrated template on the
 * PostgreSQL server when DATABASE_URL is set, otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([await fs.promises.readFile(pgliteTemplateFile())]),
    });
    return {
      ...database,
      url: undefined,
      reopen: () => Promise.reject(new Error('an in-memory PGlite cannot be opened twice')),
    };
  }
  const name = `lb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName()}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  const others: Database[] = [];
  return {
    ...database,
    url,
    reopen: async () => {
      const other = await openDatabase({ databaseUrl: url });
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all(others.map((other) => other.close()));
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
