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
 * A bare node:http server answering one static body (with the extra headers given, if any): the
 * ceiling for a JSON read on this machine. Its own process, as the site's server is, so it does
 * not share a thread with the load generator.
 */
const STATIC_PEER_SOURCE = `
  const http = require('node:http');
  const body = process.env.PEER_BODY;
  const headers = { ...JSON.parse(process.env.PEER_HEADERS), 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  const server = http.createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/** Headers node:http writes itself, or the peer sets from its body. */
const PEER_OWN_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
]);

/** The headers a site's answer carries besides those node:http and the peer write themselves. */
function answerHeaders(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(([name]) => !PEER_OWN_HEADERS.has(name.toLowerCase())),
  );
}

async function staticPeer(body: string, headers: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['-e', STATIC_PEER_SOURCE], {
    env: { ...process.env, PEER_BODY: body, PEER_HEADERS: JSON.stringify(headers) },
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
 * Public reads at 128 concurrent clients beside a static node:http server with the same body, and
 * beside one sending the site's headers with it, over rounds that each start a fresh site server.
 */
export async function benchPublicReads(startSite: () => Promise<RunningServer>) {
  const runsByPath = () => new Map(READ_PATHS.map((path) => [path, [] as LoadResult[]]));
  const siteRuns = runsByPath();
  const bareRuns = runsByPath();
  // The same bare server sending the site's headers too (security, caching, validator): what
  // those bytes cost the server and the load client on its own, apart from the site's code.
  const sameAnswerRuns = runsByPath();
  const bodySizes = new Map<string, number>();
  const measure = async (runs: Map<string, LoadResult[]>, path: string, url: string) => {
    runs
      .get(path)!
      .push(await load({ url, connections: READ_CONNECTIONS, duration: READ_SECONDS }));
  };
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    const server = await startSite();
    for (const path of READ_PATHS) {
      const siteUrl = `${server.url}${path}`;
      const answer = await fetch(siteUrl);
      const body = await answer.text();
      bodySizes.set(path, body.length);
      const peer = await staticPeer(body);
      const sameAnswerPeer = await staticPeer(body, answerHeaders(answer));
      // Steady state, as for writes: a short load first lets every server's JIT settle.
      for (const url of [siteUrl, peer.url, sameAnswerPeer.url])
        await load({ url, connections: READ_CONNECTIONS, duration: WARM_UP_SECONDS });
      await measure(siteRuns, path, siteUrl);
      await measure(bareRuns, path, peer.url);
      await measure(sameAnswerRuns, path, sameAnswerPeer.url);
      await peer.close();
      await sameAnswerPeer.close();
    }
    await server.stop();
  }
  const medianRate = (runs: Map<string, LoadResult[]>, path: string) =>
    median(runs.get(path)!.map((run) => run.requestsPerSecond));
  for (const path of READ_PATHS) {
    const site = medianRate(siteRuns, path);
    const failed = siteRuns.get(path)!.some((run) => run.non2xx > 0 || run.errors > 0);
    const shown = `GET ${path} (${bodySizes.get(path)} B body, ${READ_CONNECTIONS} clients, median of ${READ_ROUNDS} alternating runs, each on freshly started servers)`;
    for (const [rowName, peerName, runs] of [
      [shown, 'bare node:http, same body', bareRuns],
      [
        `${shown}, beside the same answer`,
        "bare node:http, same body and the site's headers",
        sameAnswerRuns,
      ],
    ] as const) {
      const bare = medianRate(runs, path);
      record({
        name: rowName,
        figure: site,
        unit: 'req/s',
        peer: { name: peerName, figure: bare },
        budget: `>= ${READ_BUDGET * 100}% of peer; no errors`,
        pass: site / bare >= READ_BUDGET && !failed,
      });
    }
  }
}
