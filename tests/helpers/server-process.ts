import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { adminUrl, withDatabase } from './test-db.ts';

export const BENCH_SESSION_SECRET = 'bench-session-secret-bench-session-secret-0123456789';

export interface RunningServer {
  url: string;
  pid: number;
  process: ChildProcess;
  /** Resident memory of the server process, in MB (from /proc). */
  rssMb(): number;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** A crash: SIGKILL, no chance to clean up. */
  kill(): Promise<void>;
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

/** A server left over on the port would answer the health check in place of the one started. */
async function assertPortFree(port: number): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) =>
      probe.once('error', reject).listen(port, '0.0.0.0', resolve),
    );
  } catch (error) {
    throw new Error(
      `port ${port} is in use (a server left over from an earlier run?): ${(error as Error).message}`,
    );
  }
  await new Promise((resolve) => probe.close(resolve));
}

/**
 * The node arguments of `npm start` after its build step (package.json), so tests and benchmarks
 * run the production server exactly as it is started.
 */
function startArguments(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (node !== 'node')
    throw new Error(`npm start no longer ends with a node command: ${scripts.start}`);
  return args;
}

let built = false;

/** Starts the production server as its own process, as `npm start` does (building it first if stale). */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<RunningServer> {
  if (!built) {
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
    built = true;
  }
  await assertPortFree(port);
  const child = spawn(process.execPath, startArguments(), {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      // A started embedded server takes its first backup (docs/decisions/0038): never into ./backups.
      BACKUP_DIR: `.tmp/server-backups-${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exitedEarly = new Promise<never>((_resolve, reject) => {
    child.once('exit', (code, signalName) =>
      reject(new Error(`server on port ${port} exited (${code ?? signalName}) before answering`)),
    );
  });
  exitedEarly.catch(() => {});
  await Promise.race([waitForHealth(url), exitedEarly]);
  // No server outlives the process that started it, even when that process fails.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return {
    url,
    pid: child.pid!,
    process: child,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () => signal(child, 'SIGTERM'),
    kill: () => signal(child, 'SIGKILL'),
  };
}

function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(name);
  });
}

/** A fresh database on the PostgreSQL server for one benchmark. */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return withDatabase(serverUrl, name);
}

/**
 * A fresh database on the PostgreSQL server, open and migrated as a deploy leaves it, for tests
 * that start the site's own processes on it (the reliability suite).
 */
export async function migratedPostgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ databaseUrl: string; database: Database }> {
  const databaseUrl = await freshPostgresDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  return { databaseUrl, database };
}
