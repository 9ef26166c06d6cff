import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { passHoldersWhoRedeemed } from '#tests/helpers/pass-holders.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';
import { insertVotesInBulk } from '../../../bench/lib/bulk-votes.ts';

/**
 * Issue 36 item 1 (docs/decisions/0028): downloads of votes.csv that never read hold no pooled
 * connection, so more of them than the pool has connections (20) leave /api/health answering.
 * The file is far larger than the sockets' buffers, so each download stays open mid-file.
 */

const VOTES = 250_000;
/** Filling and storing 250,000 votes in the embedded database takes a minute or two on a busy machine. */
const TEST_TIMEOUT_MS = 400_000;
const READERS = 25;
const ctx = useTestApp();

it(
  `${READERS} downloads of a ${VOTES.toLocaleString('en-US')}-vote votes.csv that never read leave /api/health answering`,
  async () => {
    const { challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { votesPerShop: null },
      shops: 4,
    });
    await passHoldersWhoRedeemed(
      ctx,
      challenge.id,
      Array.from({ length: 20 }, () => shops.map((shop) => shop.id)),
    );
    await insertVotesInBulk(ctx.db, VOTES, 'hour');
    await ctx.db.execute(sql`update challenges set end_date = now() - interval '1 minute',
      start_date = now() - interval '30 days' where id = ${challenge.id}`);
    ctx.clock.set(new Date());
    // Stored once (the first ask after the end), before the readers come.
    const results = await ctx.app.inject(`/api/challenges/${challenge.id}/results`);
    expect(results.statusCode, results.body).toBe(200);

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const sockets: net.Socket[] = [];
    try {
      for (let index = 0; index < READERS; index += 1) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `GET /api/challenges/${challenge.id}/votes.csv HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        );
        // Never read: the kernel's buffers fill and the server's writes wait on this reader.
        socket.pause();
        sockets.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = performance.now();
      const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(10_000),
      });
      expect(health.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
      if (usingPostgres) {
        const { rows } = (await ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'idle in transaction'`)) as {
          rows: { n: number }[];
        };
        expect(rows[0]!.n).toBe(0);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  },
  TEST_TIMEOUT_MS,
);
