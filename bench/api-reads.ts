import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { load } from './lib/load.ts';
import { record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';

const READ_CONNECTIONS = 128;
const READ_SECONDS = 5;
const READ_BUDGET = 0.6;
// Site and peer take turns, and each figure is the median of its rounds: on a 2-core machine a
// single pair of runs moved the ratio by ±0.1 from one run of the bench to the next.
const READ_ROUNDS = 3;
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
  const child = spawn(process.execPath, ['-e', STATIC_PEER_SOURCE], { env: { ...process.env, PEER_BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${line.toString().trim()}/`,
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/** Public reads at 128 concurrent clients beside a static node:http server with a body of the same size. */
export async function benchPublicReads(server: RunningServer) {
  for (const path of ['/api/challenge/active', '/api/businesses', '/api/votes']) {
    const body = await (await fetch(`${server.url}${path}`)).text();
    const peer = await staticPeer(body);
    // Steady state, as for writes: a short load first lets both servers' JIT settle.
    await load({ url: `${server.url}${path}`, connections: READ_CONNECTIONS, duration: WARM_UP_SECONDS });
    await load({ url: peer.url, connections: READ_CONNECTIONS, duration: WARM_UP_SECONDS });
    const siteRuns = [];
    const bareRuns = [];
    for (let round = 0; round < READ_ROUNDS; round += 1) {
      siteRuns.push(await load({ url: `${server.url}${path}`, connections: READ_CONNECTIONS, duration: READ_SECONDS }));
      bareRuns.push(await load({ url: peer.url, connections: READ_CONNECTIONS, duration: READ_SECONDS }));
    }
    await peer.close();
    const site = median(siteRuns.map((run) => run.requestsPerSecond));
    const bare = median(bareRuns.map((run) => run.requestsPerSecond));
    const failed = siteRuns.some((run) => run.non2xx > 0 || run.errors > 0);
    record({
      name: `GET ${path} (${body.length} B body, ${READ_CONNECTIONS} clients, median of ${READ_ROUNDS} alternating runs)`,
      figure: site,
      unit: 'req/s',
      peer: { name: 'bare node:http, same body', figure: bare },
      budget: `>= ${READ_BUDGET * 100}% of peer; no errors`,
      pass: site / bare >= READ_BUDGET && !failed,
    });
  }
}
