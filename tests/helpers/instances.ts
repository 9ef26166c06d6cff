import net from 'node:net';
import { startServer, type RunningServer } from './server-process.ts';

/** A port nobody listens on right now (the kernel picks it), so parallel test files never collide. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) =>
    probe.once('error', reject).listen(0, '0.0.0.0', resolve),
  );
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface InstancesOptions {
  /** How many server processes to start (docs/DEPLOY.md: N instances over one PostgreSQL). */
  count: number;
  /** The one PostgreSQL database every instance shares. */
  databaseUrl: string;
  /** More settings for every instance (REDIS_URL, METRICS_TOKEN, …). */
  env?: Record<string, string>;
  /** Settings for one instance only, by index. */
  envOf?: (index: number) => Record<string, string>;
}

export interface Instances {
  /** The running servers, by index; `restart` replaces an entry. */
  readonly servers: RunningServer[];
  /** Base URLs (`http://127.0.0.1:<port>`), by index; stable across `restart`. */
  readonly urls: string[];
  /** Starts instance `index` again on its port, after a stop or a kill; waits until it is healthy. */
  restart(index: number): Promise<RunningServer>;
  /** Stops every instance gracefully (SIGTERM). */
  stopAll(): Promise<void>;
}

/**
 * N production server processes (`npm start`'s command) on free ports over one PostgreSQL
 * database, as behind a load balancer. Each is healthy before this resolves. Instances share
 * the session secret of server-process.ts, so a cookie from one works on the others.
 * The caller migrates and seeds the database first, as a deploy would (docs/DEPLOY.md).
 */
export async function startInstances(options: InstancesOptions): Promise<Instances> {
  const ports: number[] = [];
  const servers: RunningServer[] = [];
  const envFor = (index: number) => ({
    DATABASE_URL: options.databaseUrl,
    ...options.env,
    ...options.envOf?.(index),
  });
  // One at a time: each start builds nothing after the first, and a loaded machine starts them faster in turn.
  for (let index = 0; index < options.count; index += 1) {
    const port = await freePort();
    ports.push(port);
    servers.push(await startServer(port, envFor(index)));
  }
  return {
    servers,
    urls: ports.map((port) => `http://127.0.0.1:${port}`),
    restart: async (index) => {
      await servers[index]!.stop();
      servers[index] = await startServer(ports[index]!, envFor(index));
      return servers[index];
    },
    stopAll: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
