import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { load } from './lib/load.ts';
import { record } from './lib/report.ts';
import type { RunningServer } from '#tests/helpers/server-process.ts';

const READ_CONNECTIONS = 128;
const READ_SECONDS = 8;
const READ_BUDGET = 0.6;

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
    const site = await load({ url: `${server.url}${path}`, connections: READ_CONNECTIONS, duration: READ_SECONDS });
    const peer = await staticPeer(body);
    const bare = await load({ url: peer.url, connections: READ_CONNECTIONS, duration: READ_SECONDS });
    await peer.close();
    const ratio = site.requestsPerSecond / bare.requestsPerSecond;
    record({
      name: `GET ${path} (${body.length} B body, ${READ_CONNECTIONS} clients)`,
      figure: site.requestsPerSecond,
      unit: 'req/s',
      peer: { name: 'bare node:http, same body', figure: bare.requestsPerSecond },
      budget: `>= ${READ_BUDGET * 100}% of peer; no errors`,
      pass: ratio >= READ_BUDGET && site.non2xx === 0 && site.errors === 0,
    });
  }
}
