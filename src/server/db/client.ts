import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { projectRoot } from '../project-root.ts';
import {
  openPgliteChangeFeed,
  openPostgresChangeFeed,
  type ChangeFeed,
  type ChangeFeedLog,
} from './changes.ts';
import { readRuleSources, RULES_INSTALL_LOCK_KEY } from './rules.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Connections of the PostgreSQL pool, as pg counts them. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: PGlite is one in-process connection, no pool. */
  poolStats?: () => PoolStats;
  /**
   * Statements sent through `db` since the database was opened (transaction control aside): what
   * tests and the bench read to see that an answer touched no database (docs/decisions/0031).
   */
  queryCount(): number;
  migrate(): Promise<void>;
  /**
   * The embedded database's own client (PGlite only): backups take its data directory between
   * transactions (src/server/backups/snapshot.ts).
   */
  pglite?: PGlite;
  /** This instance's change notifications (./changes.ts); close the feed before the database. */
  openChangeFeed(log?: ChangeFeedLog): Promise<ChangeFeed>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, 'drizzle');

/** Installs every rule function from its source file (src/server/db/rules.ts), after the tables. */
async function installRules(db: Db): Promise<void> {
  const rules = readRuleSources();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RULES_INSTALL_LOCK_KEY})`);
    for (const rule of rules) await tx.execute(sql.raw(rule.definition));
  });
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** PGlite allows one process per data directory; a lock file makes a second opener fail clearly. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'local-battles.lock');
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder} (probably the running server). Stop it first, or use DATABASE_URL.`,
      );
    }
    // The last holder died without cleaning up (kill -9): take the lock over.
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL pool limits in milliseconds (env.ts DEFAULT_POOL_TIMEOUTS); 0 or unset: none. */
export interface PoolTimeouts {
  statementMs?: number;
  idleInTransactionMs?: number;
  acquireMs?: number;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; 'memory://' for a throwaway one. */
  dataDir?: string;
  /**
   * Embedded only: start from this data directory (a PGlite dumpDataDir archive) when it is new.
   * The tests copy one migrated database this way rather than migrate each one.
   */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL only: PGlite is one in-process connection that nobody else waits on. */
  timeouts?: PoolTimeouts;
}

/** pg-pool's words when no connection became free within the acquire timeout. */
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** Whether `error` (or what it wraps: Drizzle wraps the driver's errors) is a pool acquire timeout. */
export function isPoolAcquireTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message === ACQUIRE_TIMEOUT_MESSAGE) return true;
  }
  return false;
}

/** Counts the statements Drizzle sends; one increment per query costs nothing measurable. */
function queryCounter() {
  let count = 0;
  return {
    logger: { logQuery: () => void (count += 1) },
    queryCount: () => count,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { databaseUrl } = options;
  const { logger, queryCount } = queryCounter();
  if (databaseUrl) {
    const { statementMs, idleInTransactionMs, acquireMs } = options.timeouts ?? {};
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 20,
      // Sent with each connection's start-up; 0 sends nothing (the server's default: none).
      statement_timeout: statementMs ?? 0,
      idle_in_transaction_session_timeout: idleInTransactionMs ?? 0,
      ...(acquireMs ? { connectionTimeoutMillis: acquireMs } : {}),
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor may one the server ends while it is checked out (the idle-in-transaction timeout, a
    // restart): pg emits that on the client, where pg-pool listens only while it is idle. The
    // query in flight fails on its own; the pool discards the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queryCount,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder });
        await installRules(db);
      },
      openChangeFeed: (log) => openPostgresChangeFeed(db, databaseUrl, log ? { log } : {}),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(path.resolve(dataDir));
  let client: PGlite;
  try {
    client = await PGlite.create(
      inMemory ? dataDir : path.resolve(dataDir, 'pglite'),
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    queryCount,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await installRules(db);
    },
    openChangeFeed: () => openPgliteChangeFeed(db, client),
    close: async () => {
      await client.close();
      release();
    },
  };
}
