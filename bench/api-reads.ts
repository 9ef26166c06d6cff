import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { load, type LoadResult } from './lib/load.ts';
import { record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';

const READ_CONNECTIONS = 128;
const READ_SECONDS = 5;
const READ_BUDGET = 0.9;
// Site and peer take turns, and each figure is the median of its rounds. Each round starts both
// afresh: on this 2-core VM one server process can run 20% faster or slower than the next start of
// the same code, steadily for its whole life, so one process would decide the figure alone.
const READ_ROUNDS = 5;
const READ_PATHS = ['/api/challenge/active', '/api/businesses', '/api/votes'];
const WARM_UP_SECONDS = 2;

/**
 * A bare node:http server answering one static body: the ceiling for a JSON read on this
 * machine. Its own process, as the site's server is, so it does not share a thread with the
 * load generator.
 */
const STATIC_PEER_SOURCE = `
  const http = require('node:http');
  const body = process.env.PEER_BODY;
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function staticPeer(body: string) {
  const child = spawn(process.execPath, ['-e', STATIC_PEER_SOURCE], {
    env: { ...process.env, PEER_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${line.toString().trim()}/`,
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/**
 * Public reads at 128 concurrent clients beside a static node:http server with a body of the same
 * size, over rounds that each start a fresh site server.
 */
export async function benchPublicReads(startSite: () => Promise<RunningServer>) {
  const siteRuns = new Map(READ_PATHS.map((path) => [path, [] as LoadResult[]]));
  const bareRuns = new Map(READ_PATHS.map((path) => [path, [] as LoadResult[]]));
  const bodySizes = new Map<string, number>();
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    const server = await startSite();
    for (const path of READ_PATHS) {
      const siteUrl = `${server.url}${path}`;
      const body = await (await fetch(siteUrl)).text();
      bodySizes.set(path, body.length);
      const peer = await staticPeer(body);
      // Steady state, as for writes: a short load first lets both servers' JIT settle.
      await load({ url: siteUrl, connections: READ_CONNECTIONS, duration: WARM_UP_SECONDS });
      await load({ url: peer.url, connections: READ_CONNECTIONS, duration: WARM_UP_SECONDS });
      siteRuns
        .get(path)!
        .push(await load({ url: siteUrl, connections: READ_CONNECTIONS, duration: READ_SECONDS }));
      bareRuns
        .get(path)!
        .push(await load({ url: peer.url, connections: READ_CONNECTIONS, duration: READ_SECONDS }));
      await peer.close();
    }
    await server.stop();
  }
  for (const path of READ_PATHS) {
    const site = median(siteRuns.get(path)!.map((run) => run.requestsPerSecond));
    const bare = median(bareRuns.get(path)!.map((run) => run.requestsPerSecond));
    const failed = siteRuns.get(path)!.some((run) => run.non2xx > 0 || run.errors > 0);
    record({
      name: `GET ${path} (${bodySizes.get(path)} B body, ${READ_CONNECTIONS} clients, median of ${READ_ROUNDS} alternating runs, each on freshly started servers)`,
      figure: site,
      unit: 'req/s',
      peer: { name: 'bare node:http, same body', figure: bare },
      budget: `>= ${READ_BUDGET * 100}% of peer; no errors`,
      pass: site / bare >= READ_BUDGET && !failed,
    });
  }
}
