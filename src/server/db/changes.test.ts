import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';
import {
  createTestContext,
  SECOND_APP_TIMEOUT_MS,
  signedInAdmin,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { adminUrl, queryRows, usingPostgres } from '#tests/helpers/test-db.ts';
import {
  LISTENER_APPLICATION_NAME,
  openPostgresChangeFeed,
  type Change,
  type ChangeFeed,
} from './changes.ts';
import { openDatabase } from './client.ts';
import type { Challenge } from './schema.ts';

/** Polls until `read` passes `expectation`, for changes that arrive asynchronously. */
const eventually = (read: () => unknown) => expect.poll(read, { timeout: 10_000, interval: 50 });

/** A second server instance: on PostgreSQL its own pool and its own listening connection. */
async function secondInstance(ctx: TestContext) {
  const database = usingPostgres ? await ctx.database.reopen() : ctx.database;
  const changes = await database.openChangeFeed();
  const app = await ctx.buildApp(database.db, changes);
  return { app, changes };
}

describe('change notifications between instances', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let challenge: Challenge;
  beforeAll(async () => {
    // Public answers are kept a whole minute: only a notification can explain a prompt update.
    ctx = await createTestContext({ publicCacheTtlMs: 60_000 });
    other = await secondInstance(ctx);
    challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Before' });
  }, SECOND_APP_TIMEOUT_MS);
  afterAll(async () => {
    await other.app.close();
    await other.changes.close();
    await ctx.close();
  });

  it("an organizer's change on one instance reaches the other's cached public answers", async () => {
    const read = async () =>
      (await other.app.inject({ method: 'GET', url: '/api/challenge/active' })).json<{
        title: string;
      }>().title;
    expect(await read()).toBe('Before');

    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const patched = await admin.patch(`/api/admin/challenges/${challenge.id}`, { title: 'After' });
    expect(patched.statusCode).toBe(200);
    await eventually(read).toBe('After');
  });

  it('a vote tells every instance which challenge it moved', async () => {
    const shop = await insertBusiness(ctx.db, challenge.id);
    const heard: Change[] = [];
    const stop = other.changes.subscribe((change) => heard.push(change));
    try {
      const member = await signedInPassHolder(ctx, challenge.id);
      await markRedeemed(ctx, member.pass, [shop.id]);
      heard.length = 0;
      const vote = await member.client.post('/api/vote', { businessId: shop.id });
      expect(vote.statusCode).toBe(200);
      await eventually(() => heard).toContainEqual({
        kind: 'voteCounts',
        challengeId: challenge.id,
      });
    } finally {
      stop();
    }
  });

  it("the vote's own transaction sends no notice (its commit would wait on the queue's lock); the server sends one after it", async () => {
    const shop = await insertBusiness(ctx.db, challenge.id);
    const member = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, member.pass, [shop.id]);
    const heard: Change[] = [];
    const stop = other.changes.subscribe((change) => heard.push(change));
    try {
      // The rule itself, as no server calls it: the vote counts, and nobody is told.
      const [outcome] = await queryRows<{ result: { outcome: string } }>(
        ctx.db,
        sql`select cast_vote(${member.user.id}, ${shop.id}, ${ctx.clock.now().toISOString()}::timestamptz) as result`,
      );
      expect(outcome!.result.outcome).toBe('voted');
      // An organizer's change notifies as before; by the time it is heard, a vote notice sent
      // with the vote's commit would have been heard too (one connection delivers in order).
      const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
      await admin.patch(`/api/admin/challenges/${challenge.id}`, { title: 'Later' });
      await eventually(() => heard.some((change) => change.kind === 'publicReads')).toBe(true);
      expect(heard.filter((change) => change.kind === 'voteCounts')).toEqual([]);

      // Votes announced together go out as one notice.
      for (let vote = 0; vote < 50; vote += 1) ctx.changes.announceVoteCounts(challenge.id);
      await eventually(() => heard.filter((change) => change.kind === 'voteCounts')).toEqual([
        { kind: 'voteCounts', challengeId: challenge.id },
      ]);
    } finally {
      stop();
    }
  });
});

describe('the listening connection on PostgreSQL', () => {
  // A terminated connection exists only on a server: this runs on PostgreSQL in both test runs.
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lb_changes_${randomBytes(5).toString('hex')}`;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let feed: ChangeFeed;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: await freshPostgresDatabase(serverUrl, name),
      poolSize: 2,
    });
  });
  afterAll(async () => {
    await feed.close();
    await database.close();
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('reconnects after its connection is terminated, reports that anything may have changed, and hears notices again', async () => {
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    feed = await openPostgresChangeFeed(database.db, databaseUrl.toString(), {
      minRetryMs: 20,
      maxRetryMs: 200,
    });
    const heard: Change[] = [];
    feed.subscribe((change) => heard.push(change));

    await feed.announcePublicChange();
    await eventually(() => heard).toContainEqual({ kind: 'publicReads' });

    const terminated = await queryRows(
      database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(terminated).toHaveLength(1);
    await eventually(() => heard).toContainEqual({ kind: 'everything' });

    heard.length = 0;
    await feed.announcePublicChange();
    await eventually(() => heard).toContainEqual({ kind: 'publicReads' });
  });
});
