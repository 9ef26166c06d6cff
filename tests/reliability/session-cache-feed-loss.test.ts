import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, openPostgresChangeFeed } from '#server/db/changes.ts';
import {
  createTestContext,
  queriesDuring,
  sameCookieOn,
  SECOND_APP_TIMEOUT_MS,
  signedInMember,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { queryRows } from '#tests/helpers/test-db.ts';

/**
 * docs/decisions/0031: an instance keeps sessions in memory only while it hears every change. A
 * lost listening connection exists only on a PostgreSQL server, so this runs in the reliability
 * suite (PostgreSQL); the cache's other rules run on both databases in
 * src/server/auth/session-cache.test.ts.
 */
describe('an instance that lost its change notifications', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, SECOND_APP_TIMEOUT_MS);
  afterAll(() => ctx.close());

  it('reads sessions from the database until it listens again: a sign-out missed meanwhile is not served', async () => {
    const database = await ctx.database.reopen();
    // Reconnecting only after a minute: the test runs while it is deaf.
    const feed = await openPostgresChangeFeed(database.db, ctx.database.url!, {
      minRetryMs: 60_000,
    });
    try {
      const app = await ctx.buildApp(database.db, feed);
      const { client } = await signedInMember(ctx.app);
      const onDeaf = sameCookieOn(app, client);
      expect((await onDeaf.get('/api/user')).statusCode).toBe(200);
      expect((await queriesDuring(database, () => onDeaf.get('/api/user'))).queries).toBe(0);

      await queryRows(
        database.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      await expect.poll(() => feed.listening()).toBe(false);

      for (let request = 0; request < 2; request += 1) {
        const { answer, queries } = await queriesDuring(database, () => onDeaf.get('/api/user'));
        expect(answer.statusCode).toBe(200);
        expect(queries).toBeGreaterThan(0);
      }
      expect((await client.post('/api/logout')).statusCode).toBe(200);
      expect((await onDeaf.get('/api/user')).statusCode).toBe(401);
    } finally {
      await feed.close();
    }
  });
});
