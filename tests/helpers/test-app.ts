import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '#server/app-deps.ts';
import { ServerClock } from '#server/clock/clock.ts';
import { buildApp } from '#server/app.ts';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import { Backups } from '#server/backups/service.ts';
import type { ChangeFeed } from '#server/db/changes.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { PublicReads } from '#server/public-reads/public-reads.ts';
import { TEST_SITE_CONFIG } from './site-config.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from './test-db.ts';

export const TEST_ORIGIN = 'http://localhost';

/** What periodicJobs needs beyond the database, as main.ts gives it (mail links to the test site). */
export const TEST_JOB_OPTIONS = { mail: { siteName: 'Local Battles', baseUrl: TEST_ORIGIN } };

/** periodicJobs' deps for a test app: its mail context, and its change feed for public changes. */
export const testJobDeps = (context: { changes: ChangeFeed }) => ({
  ...TEST_JOB_OPTIONS,
  changes: context.changes,
});

/** For a test that opens a second app on its own database: slow on a loaded machine. */
export const SECOND_APP_TIMEOUT_MS = 90_000;

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  /** Stands still until the test sets or advances it, so date rules are checked without waiting. */
  clock: ServerClock;
  /** The first app's change feed. */
  changes: ChangeFeed;
  /** The apps' backups, into a directory of this context's own (removed on close). */
  backups: Backups;
  /**
   * Builds another app on the same database, as a second server instance would be; with its own
   * change feed (`database.openChangeFeed()`) it hears other instances' changes.
   */
  buildApp(db?: Db, changes?: ChangeFeed): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createTestContext(
  config: Partial<AppConfig> = {},
  options: { payments?: PaymentProvider } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const clock = ServerClock.stoppedAt();
  const apps: FastifyInstance[] = [];
  // The first app hears the database's change notifications, as a server does.
  const changes = await database.openChangeFeed();
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-backups-'));
  const backups = new Backups(database, {
    dir: backupDir,
    keep: 3,
    intervalMs: 24 * 60 * 60 * 1000,
    databaseUrl: database.url,
  });
  const build = async (db: Db = database.db, appChanges?: ChangeFeed) => {
    const app = await buildApp({
      db,
      ...(appChanges ? { changes: appChanges } : {}),
      config: {
        clientDir: '/nonexistent',
        testToolsEnabled: true,
        publicCacheTtlMs: 0,
        memberAnswerTtlMs: 0,
        ...config,
      },
      clock,
      ...(database.poolStats ? { poolStats: database.poolStats } : {}),
      databaseStatements: () => database.queryCount(),
      ...(options.payments ? { payments: options.payments } : {}),
      backups,
      logger: false,
    });
    apps.push(app);
    return app;
  };
  const app = await build(database.db, changes);
  return {
    app,
    db: database.db,
    database,
    clock,
    changes,
    backups,
    buildApp: build,
    close: async () => {
      await Promise.all(apps.map((each) => each.close()));
      await changes.close();
      await database.close();
      fs.rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app on a fresh database for the whole test file: built before its tests, closed after.
 * The answer is filled in when the file's tests start, so read its fields inside tests and hooks.
 */
export function useTestApp(
  config: Partial<AppConfig> = {},
  options: { payments?: PaymentProvider } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await createTestContext(config, options));
  });
  afterAll(() => context.close());
  return context;
}

/**
 * Another server instance on the test's database: on PostgreSQL its own pool and its own listening
 * connection, on PGlite the same database with its own feed. The test closes app and changes.
 */
export async function secondInstance(ctx: TestContext) {
  const database = usingPostgres ? await ctx.database.reopen() : ctx.database;
  const changes = await database.openChangeFeed();
  const app = await ctx.buildApp(database.db, changes);
  return {
    app,
    changes,
    database,
    /** Closes this instance (its app and its feed); `ctx.close()` closes the database. */
    close: async () => {
      await app.close();
      await changes.close();
    },
  };
}

/** A second app with other settings for one test, closed when the test is done. */
export async function withTestApp<T>(
  config: Partial<AppConfig>,
  test: (context: TestContext) => Promise<T>,
): Promise<T> {
  const context = await createTestContext(config);
  try {
    return await test(context);
  } finally {
    await context.close();
  }
}

/** A browser-like client: keeps its session cookie and sends a same-origin Origin header. */
let clientSequence = 0;

export class TestClient {
  cookie: string | undefined;
  /** Each client is its own browser on its own address, as far as per-address rate limits go. */
  readonly address: string;

  constructor(public app: FastifyInstance) {
    clientSequence += 1;
    this.address = `10.${(clientSequence >> 16) & 255}.${(clientSequence >> 8) & 255}.${clientSequence & 255}`;
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, host: 'localhost' };
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.app.inject({
      remoteAddress: this.address,
      ...options,
      headers: { ...headers, ...(options.headers as Record<string, string> | undefined) },
    });
    // Regeneration clears the old cookie and sets the new one: the last one wins, as in a browser.
    const setCookie = response.cookies.filter((cookie) => cookie.name === 'lb.sid').at(-1);
    if (setCookie) this.cookie = setCookie.value ? `lb.sid=${setCookie.value}` : undefined;
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as object });
  }
  patch(url: string, payload: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as object });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

let memberSequence = 0;

/** Registers a new member and returns a client signed in as them. */
export async function signedInMember(app: FastifyInstance, username?: string) {
  const client = new TestClient(app);
  memberSequence += 1;
  const name = username ?? `member${memberSequence}_${Math.random().toString(36).slice(2, 8)}`;
  const response = await client.post('/api/register', {
    username: name,
    email: `${name}@example.com`,
    fullName: 'Test Member',
    password: 'password123',
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { client, user: response.json<{ id: number; username: string }>() };
}

/** Creates an admin in the database and returns a client signed in as them. */
export async function signedInAdmin(app: FastifyInstance, db: Db) {
  const username = `admin_${Math.random().toString(36).slice(2, 8)}`;
  await createOrPromoteAdmin(db, {
    username,
    password: 'adminpass1',
    email: `${username}@example.com`,
  });
  const client = new TestClient(app);
  const response = await client.post('/api/login', { username, password: 'adminpass1' });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return { client, user: response.json<{ id: number; username: string }>() };
}

/** A browser on `app` holding the same session cookie as `client` (a second tab, a thief). */
export function sameCookieOn(app: FastifyInstance, client: TestClient) {
  const copy = new TestClient(app);
  copy.cookie = client.cookie;
  return copy;
}

/**
 * The public reads on the test's database and clock, apart from any app: `ttlMs` their interval,
 * `monotonicNow` a clock for that interval the test steps (performance.now() by default).
 */
export function testPublicReads(
  context: Pick<TestContext, 'db' | 'clock'>,
  ttlMs: number,
  monotonicNow?: () => number,
) {
  return new PublicReads({
    db: context.db,
    clock: context.clock.now,
    ttlMs,
    siteConfig: TEST_SITE_CONFIG,
    ...(monotonicNow ? { monotonicNow } : {}),
  });
}

/** The statements `database` received while `act` ran, and what `act` answered. */
export async function queriesDuring<T>(database: Database, act: () => Promise<T>) {
  const before = database.queryCount();
  const answer = await act();
  return { answer, queries: database.queryCount() - before };
}
