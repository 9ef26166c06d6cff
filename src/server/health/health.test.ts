import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { adminUrl, queryRows } from '#tests/helpers/test-db.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('health on a migrated database', () => {
  const ctx = useTestApp();

  it('answers liveness and readiness', async () => {
    for (const [url, body] of [
      ['/api/health', { status: 'ok' }],
      ['/api/health/live', { status: 'ok' }],
      ['/api/health/ready', { status: 'ready' }],
    ] as const) {
      const response = await get(ctx.app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(body);
    }
  });

  it('is not ready while a migration is pending, and is again once it is applied', async () => {
    const [newest] = await queryRows<{ hash: string; created_at: string }>(
      ctx.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const response = await get(ctx.app, '/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        message: '1 database migration pending: run npm run db:migrate',
      });
      // Liveness does not depend on migrations: the process is fine.
      expect((await get(ctx.app, '/api/health/live')).statusCode).toBe(200);
      expect((await get(ctx.app, '/api/health')).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await get(ctx.app, '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('health on a database that was never migrated', () => {
  let database: Database;
  let app: FastifyInstance;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const name = `lb_unmigrated_${randomBytes(4).toString('hex')}`;
      database = await openDatabase({ databaseUrl: await freshPostgresDatabase(serverUrl, name) });
      dropDatabase = async () => {
        const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
    }
    app = await buildApp({
      db: database.db,
      config: { clientDir: '/nonexistent', sessionSecret: 'a'.repeat(40) },
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dropDatabase();
  });

  it('is live but not ready, and says why', async () => {
    expect((await get(app, '/api/health/live')).statusCode).toBe(200);
    const ready = await get(app, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message: 'Database not migrated: run npm run db:migrate',
    });
  });

  it('is ready once migrated', async () => {
    await database.migrate();
    expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('health when the database is unreachable', () => {
  it('is live but neither healthy nor ready', async () => {
    // Port 1: nothing listens there, so every connection is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' });
    const app = await buildApp({
      db: database.db,
      config: { clientDir: '/nonexistent', sessionSecret: 'a'.repeat(40) },
      logger: false,
    });
    try {
      expect((await get(app, '/api/health/live')).statusCode).toBe(200);
      expect((await get(app, '/api/health')).statusCode).toBe(503);
      const ready = await get(app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'Database unreachable' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
