import net from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { insertVotesInBulk } from './lib/bulk-votes.ts';
import { startServer } from '#tests/helpers/server-process.ts';
import { benchBattle } from './lib/battle.ts';
import { record } from './lib/report.ts';
import { cookiesSetBy } from './lib/cookies.ts';
import { percentile } from './lib/stats.ts';

const SLOW_READERS = 50;
const HEALTH_SAMPLES = 200;
const HEALTH_P99_BUDGET_MS = 100;

/** BENCH_VOTES sets a smaller size for a quick check of the bench itself; budgets are for 1,000,000. */
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const PASSES = 10_000;
const SHOPS = 8;
/** What the server may grow by while it streams the file: far below the file's own size. */
const GROWTH_BUDGET_MB = 64;

/**
 * The votes export (docs/decisions/0013) at 1,000,000 counted votes: the built server streams the
 * file in batches, so its memory must stay flat while the whole file goes out. Samples the server's
 * RSS every 50 ms during the download; the figure is the peak over the RSS just before it.
 */
export async function benchVotesExport(port: number) {
  const { databaseUrl, database, db, organizer, challengeId } = await benchBattle({
    database: 'lb_bench_exports',
    organizer: 'exporter',
    title: 'Export Battle',
    endsInDays: 1,
  });
  await db.execute(sql`
    insert into businesses (challenge_id, name, description, address, redemption_code, position)
    select ${challengeId}, 'Shop ' || g, 'Benchmark shop', g || ' Main St', lpad(g::text, 4, '0'), g
    from generate_series(1, ${SHOPS}) as g`);
  await db.execute(sql`
    insert into users (username, password_hash, email)
    select 'voter' || g, 'x', 'voter' || g || '@example.com' from generate_series(1, ${PASSES}) as g`);
  await db.execute(sql`
    insert into passes (user_id, challenge_id) select id, ${challengeId} from users where username like 'voter%'`);
  await insertVotesInBulk(db, VOTES, 'hour');
  await database.close();

  const server = await startServer(port, { DATABASE_URL: databaseUrl });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: organizer.username, password: organizer.password }),
    });
    const cookie = cookiesSetBy(login);
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rssMb());
    }, 50);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/admin/challenges/${challengeId}/votes.csv`, {
      headers: { cookie },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (lines !== VOTES + 1)
      throw new Error(`the export had ${lines - 1} votes, expected ${VOTES}`);
    const growth = peak - before;
    record({
      name: `votes.csv export of ${VOTES.toLocaleString('en-US')} votes (${(bytes / 2 ** 20).toFixed(0)} MB in ${seconds.toFixed(1)} s): server RSS growth`,
      figure: growth,
      unit: 'MB',
      budget: `< ${GROWTH_BUDGET_MB} MB (RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB)`,
      pass: growth < GROWTH_BUDGET_MB,
    });
    await slowReaders(server.url, databaseUrl, challengeId);
  } finally {
    await server.stop();
  }
}

/**
 * Issue 36 item 1 (docs/decisions/0028): once the battle has ended, its stored votes.csv is
 * downloaded by SLOW_READERS clients that never read; meanwhile /api/health, asked one request
 * after another, keeps its p99 under budget, because a stored file's download holds no connection.
 */
async function slowReaders(url: string, databaseUrl: string, challengeId: number) {
  const database = await openDatabase({ databaseUrl });
  await database.db.execute(sql`update challenges set end_date = now() - interval '1 second',
    start_date = now() - interval '30 days' where id = ${challengeId}`);
  await database.close();
  const storing = performance.now();
  const results = await fetch(`${url}/api/challenges/${challengeId}/results`);
  if (!results.ok) throw new Error(`results answered ${results.status}`);
  const storedSeconds = (performance.now() - storing) / 1000;

  // The same measure before the readers come: what this machine gives at all (its peer).
  const alone = await healthP99(url);
  const { hostname, port } = new URL(url);
  const sockets: net.Socket[] = [];
  try {
    for (let index = 0; index < SLOW_READERS; index += 1) {
      const socket = net.connect(Number(port), hostname);
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `GET /api/challenges/${challengeId}/votes.csv HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`,
      );
      socket.pause();
      sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const p99 = await healthP99(url);
    record({
      name: `/api/health p99 beside ${SLOW_READERS} never-reading votes.csv downloads of ${VOTES.toLocaleString('en-US')} votes (stored at the end in ${storedSeconds.toFixed(1)} s)`,
      figure: p99,
      unit: 'ms',
      peer: { name: '/api/health p99 without readers', figure: alone },
      budget: `< ${HEALTH_P99_BUDGET_MS} ms`,
      pass: p99 < HEALTH_P99_BUDGET_MS,
    });
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/** p99 of HEALTH_SAMPLES requests to /api/health, one after another. */
async function healthP99(url: string) {
  const times: number[] = [];
  for (let index = 0; index < HEALTH_SAMPLES; index += 1) {
    const started = performance.now();
    const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
    await health.arrayBuffer();
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.99,
  );
}
