import type { Request } from 'autocannon';
import { buildApp, defaultClientDir } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { freshPostgresDatabase, startServer } from '#tests/helpers/server-process.ts';
import { cpuSecondsOf, ownCpuSecondsSince } from './lib/cpu.ts';
import { load, type LoadResult } from './lib/load.ts';
import { note, record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { registeredMember } from './lib/cookies.ts';

const PAGE_CONNECTIONS = 128;
const PAGE_SECONDS = 5;
const WARM_UP_SECONDS = 2;
/** Fresh servers, each measuring both paths in turn (see api-reads.ts on why rounds). */
const PAGE_ROUNDS = 3;
/** Issue 24's budget: a crowd on the home page costs about what the cached JSON costs. */
const PAGE_BUDGET = 0.8;
const RENDER_RUNS = 15;
const RENDER_WARM_UPS = 3;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A page holds its content, not the empty root the browser would have to fill. */
const isRendered = (html: string) => html.includes('<div id="root"><');

/**
 * Each request from its own address, as a crowd's are (the load comes through 127.0.0.1, a
 * trusted proxy by default): one address would meet its render allowance (render-allowance.ts)
 * and get the plain shell, which is not the page this measures. Accepting compressed answers, as
 * every browser does: a kept page goes out in its compressed form (page-encodings.ts).
 */
function fromACrowd(path: string): Request[] {
  let sequence = 0;
  return [
    {
      method: 'GET',
      path,
      setupRequest: (request) => {
        sequence += 1;
        const address = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
        return {
          ...request,
          headers: {
            ...request.headers,
            'x-forwarded-for': address,
            'accept-encoding': BROWSER_ACCEPT_ENCODING,
          },
        };
      },
    },
  ];
}

/**
 * The CPU (user + system) this process spends on one server render of `/`, none of it kept.
 * React's production build, as a production server loads it (React picks its build by NODE_ENV
 * when first loaded, which is here: the bench loads no React before).
 */
async function renderCpuMs(databaseUrl: string): Promise<number> {
  process.env.NODE_ENV = 'production';
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({
    db: database.db,
    config: {
      clientDir: defaultClientDir,
      // Nothing kept: each visit renders, reading its answers afresh, as the first visit after a change does.
      publicCacheTtlMs: 0,
      pageRenderLimit: { burst: 1_000_000, perMinute: 1_000_000 },
    },
    logger: false,
  });
  try {
    const samples: number[] = [];
    for (let run = 0; run < RENDER_WARM_UPS + RENDER_RUNS; run += 1) {
      const before = process.cpuUsage();
      const page = await app.inject({ method: 'GET', url: '/' });
      const spent = process.cpuUsage(before);
      if (!isRendered(page.body)) throw new Error('GET / was not rendered on the server');
      if (run >= RENDER_WARM_UPS) samples.push((spent.user + spent.system) / 1000);
    }
    return median(samples);
  } finally {
    await app.close();
    await database.close();
  }
}

const PROFILE_RENDERS = 40;

/**
 * The server CPU of one visit to a member's /profile, which is rendered for each visit with their
 * own answers (docs/decisions/0052): the built server, each visit from its own address (past the
 * render allowance), the CPU read from /proc over all of them.
 */
async function profileRenderCpuMs(databaseUrl: string, port: number): Promise<number> {
  const server = await startServer(port, {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    ENABLE_TEST_TOOLS: 'true',
  });
  try {
    const { cookie } = await registeredMember(server.url, 'profile_bench');
    // Through the test tools, as the page's own button does: this process loads no React before
    // renderCpuMs picks React's production build.
    const pass = await fetch(`${server.url}/api/testing/create-pass`, {
      method: 'POST',
      headers: { origin: server.url, cookie },
    });
    if (!pass.ok) throw new Error(`test pass: ${String(pass.status)} ${await pass.text()}`);
    let sequence = 0;
    const visit = async () => {
      sequence += 1;
      const page = await fetch(`${server.url}/profile`, {
        headers: { cookie, 'x-forwarded-for': `10.9.${sequence >> 8}.${sequence & 255}` },
      });
      if (!isRendered(await page.text())) throw new Error('/profile was not rendered');
    };
    for (let run = 0; run < RENDER_WARM_UPS * 3; run += 1) await visit();
    const before = cpuSecondsOf(server.pid);
    for (let run = 0; run < PROFILE_RENDERS; run += 1) await visit();
    return ((cpuSecondsOf(server.pid) - before) * 1000) / PROFILE_RENDERS;
  } finally {
    await server.stop();
  }
}

/** The server's lb_page_renders_total. */
async function rendersSoFar(serverUrl: string): Promise<number> {
  const scrape = await fetch(`${serverUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await scrape.text())
    .split('\n')
    .find((each) => each.startsWith('lb_page_renders_total '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/**
 * `npm run bench -- pages`: the CPU of one uncached render of `/`, and `GET /` beside
 * `GET /api/businesses` under the same crowd on the built server (docs/decisions/0005).
 */
export async function benchPages(serverUrl: string, port: number) {
  const databaseUrl = await freshPostgresDatabase(serverUrl, 'lb_bench_pages');
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedDemoData(database.db, new Date());
  await database.close();

  const paths = ['/', '/api/businesses'];
  const runs = new Map(paths.map((path) => [path, [] as LoadResult[]]));
  // Where each answer's time goes: the server's CPU and the load client's, which share the machine.
  const serverMicros = new Map(paths.map((path) => [path, [] as number[]]));
  const clientMicros = new Map(paths.map((path) => [path, [] as number[]]));
  const rendersPerRun: number[] = [];
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    // Started first: it builds the web app when stale, which the render below needs.
    // As production runs it: React's production build renders (the sandbox payment page allowed).
    const server = await startServer(port, {
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
      ENABLE_TEST_TOOLS: 'true',
    });
    if (!isRendered(await (await fetch(`${server.url}/`)).text())) {
      throw new Error('the built server does not render GET /: is dist/ssr built?');
    }
    for (const path of paths) {
      const requests = fromACrowd(path);
      const url = server.url;
      await load({ url, requests, connections: PAGE_CONNECTIONS, duration: WARM_UP_SECONDS });
      const before = path === '/' ? await rendersSoFar(server.url) : 0;
      const serverCpuBefore = cpuSecondsOf(server.pid);
      const clientCpuBefore = process.cpuUsage();
      const run = await load({
        url,
        requests,
        connections: PAGE_CONNECTIONS,
        duration: PAGE_SECONDS,
      });
      const microsPerAnswer = (seconds: number) => (seconds * 1e6) / run.total;
      clientMicros.get(path)!.push(microsPerAnswer(ownCpuSecondsSince(clientCpuBefore)));
      serverMicros.get(path)!.push(microsPerAnswer(cpuSecondsOf(server.pid) - serverCpuBefore));
      runs.get(path)!.push(run);
      if (path === '/') rendersPerRun.push((await rendersSoFar(server.url)) - before);
    }
    await server.stop();
  }

  const cpuMs = await renderCpuMs(databaseUrl);
  record({
    name: `CPU of one uncached server render of / (median of ${RENDER_RUNS})`,
    figure: cpuMs,
    unit: 'ms',
    budget: 'reported (a kept page spends it once per change of what it shows, or per minute)',
    pass: true,
  });

  record({
    name: `Server CPU per visit to a member's /profile, rendered for them (mean of ${PROFILE_RENDERS})`,
    figure: await profileRenderCpuMs(databaseUrl, port),
    unit: 'ms',
    peer: { name: 'one uncached render of /', figure: cpuMs },
    budget: 'reported (each open of the pass costs it; ADR 0052)',
    pass: true,
  });

  const throughput = (path: string) => median(runs.get(path)!.map((run) => run.requestsPerSecond));
  const failed = [...runs.values()].flat().some((run) => run.non2xx > 0 || run.errors > 0);
  record({
    name: `GET / (${PAGE_CONNECTIONS} clients from many addresses, median of ${PAGE_ROUNDS} runs on freshly started servers)`,
    figure: throughput('/'),
    unit: 'req/s',
    peer: { name: 'GET /api/businesses, same run', figure: throughput('/api/businesses') },
    budget: `>= ${PAGE_BUDGET * 100}% of peer; no errors`,
    pass: throughput('/') / throughput('/api/businesses') >= PAGE_BUDGET && !failed,
  });
  const perAnswer = (micros: Map<string, number[]>, path: string) =>
    median(micros.get(path)!).toFixed(1);
  record({
    name: `Server CPU per GET / answer (median of ${PAGE_ROUNDS} runs)`,
    figure: median(serverMicros.get('/')!),
    unit: 'µs',
    peer: {
      name: 'per GET /api/businesses answer',
      figure: median(serverMicros.get('/api/businesses')!),
    },
    budget: 'reported (what one more visitor costs the server; the load client shares the machine)',
    pass: true,
  });
  note(
    `CPU of the load client (autocannon, one thread) per answer: GET / ${perAnswer(clientMicros, '/')} µs, GET /api/businesses ${perAnswer(clientMicros, '/api/businesses')} µs; when it exceeds the server's, the client, not the server, sets the req/s.`,
  );
  note(
    `Server renders of / during each ${PAGE_SECONDS} s run: ${rendersPerRun.join(', ')} (one per change of what it shows or per minute, not one per request or interval).`,
  );
}
