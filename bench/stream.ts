import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { freshPostgresDatabase, startServer } from '#tests/helpers/server-process.ts';
import { record } from './lib/report.ts';
import { percentile } from './lib/stats.ts';
import { cookiesSetBy } from './lib/cookies.ts';
import { cpuSecondsOf } from './lib/cpu.ts';

const STREAMS = 2_000;
const VOTES_PER_SECOND = 100;
const VOTE_SECONDS = 20;
/** Every member redeems all eight seeded shops, so has eight votes. */
const VOTES_PER_MEMBER = 8;
const MEMBERS = Math.ceil((VOTES_PER_SECOND * VOTE_SECONDS) / VOTES_PER_MEMBER);
// Budgets: a change waits at most one coalescing interval (1 s) plus one read and the fan-out.
const P50_BUDGET_MS = 1_000;
const P99_BUDGET_MS = 1_500;
// 2,000 idle sockets with their buffers; growth beyond this would mean a leak per message.
const RSS_GROWTH_BUDGET_MB = 150;
// One coalesced read and 2,000 small writes a second should leave most of a core free.
const CPU_BUDGET_PERCENT = 50;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Client {
  /** Arrival time and total votes of each message. */
  messages: { at: number; total: number }[];
  request: http.ClientRequest;
}

function openStream(url: string, agent: http.Agent): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { messages: [], request: undefined as unknown as http.ClientRequest };
    client.request = http.get(`${url}/api/votes/stream`, { agent }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const counts = JSON.parse(data.slice(6)) as Record<string, number>;
          const total = Object.values(counts).reduce((sum, votes) => sum + votes, 0);
          client.messages.push({ at: performance.now(), total });
          if (client.messages.length === 1) resolve(client);
        }
      });
      response.on('error', () => {});
    });
    client.request.on('error', reject);
  });
}

function vote(url: string, agent: http.Agent, cookie: string, businessId: number) {
  return new Promise<void>((resolve, reject) => {
    const request = http.request(
      `${url}/api/vote`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', cookie, origin: url },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`vote: ${response.statusCode} ${body}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ businessId }));
  });
}

/** Members with a pass whose coupons are all redeemed: each a session cookie with eight votes. */
async function members(url: string, databaseUrl: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let batch = 0; batch < MEMBERS; batch += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, MEMBERS - batch) }, async (_, index) => {
        const username = `streamer${batch + index}`;
        const registration = await fetch(`${url}/api/register`, {
          method: 'POST',
          // One address per member, as a crowd arrives: registration is limited per address.
          headers: {
            'content-type': 'application/json',
            origin: url,
            'x-forwarded-for': `10.9.${(batch + index) >> 8}.${(batch + index) & 255}`,
          },
          body: JSON.stringify({
            username,
            email: `${username}@example.com`,
            fullName: 'Stream Bench',
            password: 'password123',
          }),
        });
        if (registration.status !== 201) throw new Error(`register: ${registration.status}`);
        const cookie = cookiesSetBy(registration);
        const pass = await fetch(`${url}/api/testing/create-pass`, {
          method: 'POST',
          headers: { cookie, origin: url },
        });
        if (pass.status !== 201) throw new Error(`create pass: ${pass.status}`);
        return cookie;
      }),
    );
    cookies.push(...made);
  }
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  await database.db.execute(sql`update coupons set redeemed = true, redeemed_at = now()`);
  await database.db.execute(sql`update challenges set votes_per_shop = null`);
  await database.close();
  return cookies;
}

/**
 * 2,000 open vote streams on one server process while votes arrive at 100 a second for 20 s:
 * the server's memory and CPU, and how long after a vote's commit the clients hold it.
 */
export async function benchStream(serverUrl: string) {
  const databaseUrl = await freshPostgresDatabase(serverUrl, 'lb_bench_stream');
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedDemoData(database.db, new Date());
  await database.close();
  // Every stream comes from this one address, so it may hold them all.
  const server = await startServer(await freePort(), {
    DATABASE_URL: databaseUrl,
    STREAMS_PER_ADDRESS: String(STREAMS),
  });
  const cookies = await members(server.url, databaseUrl);
  const idleRss = server.rssMb();

  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const clients: Client[] = [];
  for (let opened = 0; opened < STREAMS; opened += 100) {
    clients.push(
      ...(await Promise.all(Array.from({ length: 100 }, () => openStream(server.url, agent)))),
    );
  }
  const baseTotal = clients[0]!.messages[0]!.total;
  process.stdout.write(`stream bench: ${clients.length} streams open, voting\n`);
  const openRss = server.rssMb();

  // Votes at a steady pace; each vote's commit is taken as the moment its answer arrives.
  const ballots = cookies.flatMap((cookie) =>
    Array.from({ length: VOTES_PER_MEMBER }, (_, index) => ({ cookie, index })),
  );
  const shops = (await (await fetch(`${server.url}/api/businesses`)).json()) as { id: number }[];
  const committedAt: number[] = [];
  let peakRss = openRss;
  const cpuBefore = cpuSecondsOf(server.pid);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  // A fixed set of keep-alive connections for the voters, as a proxy in front would hold.
  const voterPool = new http.Agent({ keepAlive: true, maxSockets: 32 });
  for (const [sent, ballot] of ballots.entries()) {
    const due = started + (sent * 1000) / VOTES_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (sent % VOTES_PER_SECOND === 0) peakRss = Math.max(peakRss, server.rssMb());
    inFlight.push(
      vote(server.url, voterPool, ballot.cookie, shops[ballot.index % shops.length]!.id).then(
        () => void committedAt.push(performance.now()),
      ),
    );
  }
  await Promise.all(inFlight);
  const finalTotal = baseTotal + ballots.length;
  const deadline = performance.now() + 30_000;
  while (
    clients.some((client) => client.messages.at(-1)!.total < finalTotal) &&
    performance.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpuPercent = ((cpuSecondsOf(server.pid) - cpuBefore) / elapsedSeconds) * 100;
  peakRss = Math.max(peakRss, server.rssMb());

  // For the k-th commit, the first message at each client whose total includes k votes.
  const latencies: number[] = [];
  committedAt.sort((a, b) => a - b);
  for (const client of clients) {
    let message = 0;
    for (const [index, at] of committedAt.entries()) {
      const needed = baseTotal + index + 1;
      while (message < client.messages.length && client.messages[message]!.total < needed)
        message += 1;
      const arrived = client.messages[message];
      if (arrived) latencies.push(Math.max(0, arrived.at - at));
    }
  }
  const complete = clients.filter((client) => client.messages.at(-1)!.total === finalTotal).length;
  for (const client of clients) client.request.destroy();
  agent.destroy();
  voterPool.destroy();
  await server.stop();

  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  record({
    name: `vote stream: streams holding the final counts (${STREAMS} open, ${ballots.length} votes)`,
    figure: complete,
    unit: 'streams',
    budget: `= ${STREAMS}`,
    pass: complete === STREAMS,
  });
  record({
    name: 'vote stream: commit → message at clients, p50',
    figure: p50,
    unit: 'ms',
    budget: `< ${P50_BUDGET_MS} ms (1 s coalescing)`,
    pass: p50 < P50_BUDGET_MS,
  });
  record({
    name: 'vote stream: commit → message at clients, p99',
    figure: p99,
    unit: 'ms',
    budget: `< ${P99_BUDGET_MS} ms (1 s coalescing + read + fan-out)`,
    pass: p99 < P99_BUDGET_MS,
  });
  record({
    name: `vote stream: server RSS growth, idle ${idleRss.toFixed(0)} MB → peak with streams`,
    figure: peakRss - idleRss,
    unit: 'MB',
    budget: `< ${RSS_GROWTH_BUDGET_MB} MB`,
    pass: peakRss - idleRss < RSS_GROWTH_BUDGET_MB,
  });
  record({
    name: `vote stream: server CPU during ${VOTES_PER_SECOND} votes/s`,
    figure: cpuPercent,
    unit: '% of a core',
    budget: `< ${CPU_BUDGET_PERCENT}%`,
    pass: cpuPercent < CPU_BUDGET_PERCENT,
  });
}
