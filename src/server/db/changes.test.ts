import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';
import {
  createTestContext,
  SECOND_APP_TIMEOUT_MS,
  secondInstance,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { adminUrl, queryRows } from '#tests/helpers/test-db.ts';
import {
  LISTENER_APPLICATION_NAME,
  openPostgresChangeFeed,
  type Change,
  type ChangeFeed,
} from './changes.ts';
import { openDatabase } from './client.ts';
import { businesses, type Challenge } from './schema.ts';

/** Polls until `read` passes `expectation`, for changes that arrive asynchronously. */
const eventually = (read: () => unknown) => expect.poll(read, { timeout: 10_000, interval: 50 });

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
    await other.close();
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

  it('a refused organizer write (401, 403, 400, 404) or one that changes nothing announces nothing; each committed write announces once', async () => {
    const shop = await insertBusiness(ctx.db, challenge.id, { name: 'Cached' });
    const shopNames = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/businesses' }))
        .json<{ name: string }[]>()
        .map((each) => each.name);
    const heard: Change[] = [];
    const stop = other.changes.subscribe((change) => heard.push(change));
    const notices = () => heard.filter((change) => change.kind === 'publicReads').length;
    try {
      const anonymous = new TestClient(ctx.app);
      const { client: member } = await signedInMember(ctx.app);
      const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
      const link = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
      const shopLink = `/api/shop/${link.json<{ url: string }>().url.split('/shop/')[1]!}`;
      for (const app of [ctx.app, other.app]) expect(await shopNames(app)).toContain('Cached');
      // Behind the site's back: only a cleared cache would show it.
      await ctx.db.update(businesses).set({ name: 'Renamed' }).where(eq(businesses.id, shop.id));

      const refused: [() => Promise<{ statusCode: number }>, number][] = [
        [() => anonymous.post('/api/admin/challenges', {}), 401],
        [() => member.post('/api/admin/challenges', {}), 403],
        [() => member.delete(`/api/admin/businesses/${shop.id}`), 403],
        [() => admin.post('/api/admin/challenges', { title: '' }), 400],
        [() => admin.patch(`/api/admin/businesses/${shop.id}`, { hours: 'always' }), 400],
        [() => admin.patch('/api/admin/businesses/999999', { name: 'Nobody' }), 404],
        [() => admin.delete('/api/admin/businesses/999999'), 404],
        // Changes nothing: a patch that sets nothing or only the values there already, an
        // import preview, a shop's pause that sets the value it has (docs/SECURITY.md).
        [() => admin.patch(`/api/admin/businesses/${shop.id}`, {}), 200],
        [() => admin.patch(`/api/admin/businesses/${shop.id}`, { name: 'Renamed' }), 200],
        [
          () =>
            admin.patch(`/api/admin/challenges/${challenge.id}`, {
              price: challenge.price,
              startDate: challenge.startDate.toISOString(),
            }),
          200,
        ],
        [() => anonymous.post(`${shopLink}/pause`, { paused: false }), 200],
        [() => anonymous.post(`${shopLink}/pause`, { paused: false }), 200],
        [
          () =>
            admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, {
              csv: 'name,address,description\nPreviewed,1 Main St,Only a preview',
              commit: false,
            }),
          200,
        ],
      ];
      for (const [request, status] of refused) expect((await request()).statusCode).toBe(status);
      expect(await shopNames(ctx.app)).toContain('Cached');

      // Each committed write announces once; notices arrive in order on one connection, so by the
      // first write's notice any from the requests above would have arrived too.
      const committed: (() => Promise<{ statusCode: number }>)[] = [
        () => admin.patch(`/api/admin/challenges/${challenge.id}`, { description: 'Announced' }),
        () => admin.patch(`/api/admin/businesses/${shop.id}`, { phone: '555-0101' }),
        () => anonymous.post(`${shopLink}/pause`, { paused: true }),
        () =>
          admin.post('/api/admin/businesses', {
            challengeId: challenge.id,
            name: 'Added',
            description: 'A new shop',
            address: '2 Main St',
          }),
        () =>
          admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, {
            csv: 'name,address,description\nImported,3 Main St,An imported shop',
            commit: true,
          }),
        () => admin.delete(`/api/admin/businesses/${shop.id}`),
        () =>
          admin.post('/api/admin/challenges', {
            title: 'Next',
            description: 'The next battle',
            startDate: '2030-01-01T00:00:00.000Z',
            endDate: '2030-01-31T00:00:00.000Z',
            price: 20,
            theme: 'coffee',
          }),
      ];
      for (const [index, write] of committed.entries()) {
        expect((await write()).statusCode).toBeLessThan(300);
        await eventually(notices).toBe(index + 1);
        if (index === 0) expect(await shopNames(other.app)).toContain('Renamed');
      }
    } finally {
      stop();
    }
  });

  it('the announcing instance hears its public and pass changes once, at once, and not again when the database returns the notices', async () => {
    const heardBy = (feed: ChangeFeed) => {
      const heard: Change[] = [];
      return { heard, stop: feed.subscribe((change) => heard.push(change)) };
    };
    const first = heardBy(ctx.changes);
    const second = heardBy(other.changes);
    const passId = 4242;
    const announced = (heard: Change[]) =>
      heard.filter((change) => change.kind === 'publicReads' || change.kind === 'pass');
    const both = [{ kind: 'publicReads' }, { kind: 'pass', passId }];
    try {
      await ctx.changes.announcePublicChange();
      ctx.changes.announcePassChange(passId);
      expect(announced(first.heard)).toEqual(both);
      await eventually(() => announced(second.heard)).toEqual(both);
      // A notice sent after the first one's had returned: one connection delivers in commit order,
      // so once the first instance hears this one, its own notices would have been heard too.
      other.changes.announceVoteCounts(challenge.id);
      await eventually(() => first.heard).toContainEqual({
        kind: 'voteCounts',
        challengeId: challenge.id,
      });
      expect(announced(first.heard)).toEqual(both);
      // A pass's notice sent by the trigger on passes (no feed's mark) is heard by every instance.
      await queryRows(ctx.db, sql`select pg_notify('lb_pass', ${String(passId)})`);
      for (const { heard } of [first, second]) {
        await eventually(() => announced(heard)).toEqual([...both, { kind: 'pass', passId }]);
      }
    } finally {
      first.stop();
      second.stop();
    }
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
