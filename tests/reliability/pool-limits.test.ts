import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { isPoolAcquireTimeout, openDatabase, type Database } from '#server/db/client.ts';
import { adminUrl } from '#tests/helpers/test-db.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';

/**
 * The PostgreSQL pool's limits (DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
 * DB_ACQUIRE_TIMEOUT_MS): a long statement, a transaction left waiting on a stalled client and a
 * crowd waiting for a connection are each cut, and the pool serves again afterwards.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('PostgreSQL pool limits', () => {
  const name = `lb_pool_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await freshPostgresDatabase(serverUrl, name);
    database = await openDatabase({
      databaseUrl,
      poolSize: 2,
      timeouts: { statementMs: 300, idleInTransactionMs: 300, acquireMs: 300 },
    });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const error = await database.db.execute(sql`select pg_sleep(2)`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).cause ?? error)).toMatch(/statement timeout/);
    expect(await database.db.execute(sql`select 1 as one`)).toBeTruthy();
  });

  it('ends a transaction left idle past the idle-in-transaction timeout and frees its connection', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // A client that stopped reading: the transaction waits with nothing to do.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await tx.execute(sql`select 2`);
    });
    await expect(transaction).rejects.toThrow();
    // Both connections serve again: the ended one was replaced.
    const answers = await Promise.all([
      database.db.execute(sql`select 1`),
      database.db.execute(sql`select 2`),
    ]);
    expect(answers).toHaveLength(2);
  });

  it('answers 503 with Retry-After, not a hang, while every connection is busy', async () => {
    // Only the acquire limit here: the holders below wait longer than the other two allow.
    const crowded = await openDatabase({
      databaseUrl,
      poolSize: 2,
      timeouts: { acquireMs: 300 },
    });
    const app = await buildApp({
      db: crowded.db,
      config: { clientDir: '/nonexistent', sessionSecret: 'a'.repeat(40) },
      logger: false,
    });
    try {
      // Two transactions hold both connections (each well within the statement timeout).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holders = [1, 2].map(() =>
        crowded.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await held;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const response = await app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      const busy = await app.inject('/api/businesses/1');
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({
        message: 'The site is busy right now. Please try again in a few seconds.',
      });
      release();
      await Promise.all(holders);
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
      await crowded.close();
    }
  });

  it('recognises the acquire timeout through the ORM’s wrapping only', () => {
    const driver = new Error('timeout exceeded when trying to connect');
    expect(isPoolAcquireTimeout(new Error('Failed query', { cause: driver }))).toBe(true);
    expect(isPoolAcquireTimeout(new Error('Failed query', { cause: new Error('other') }))).toBe(
      false,
    );
  });
});
