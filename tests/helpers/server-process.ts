import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
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

/**
 * The node arguments of `npm start` after its build step (package.json), so tests and benchmarks
 * run the production server exactly as it is started.
 */
function startArguments(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [node, ...args] = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (node !== 'node') throw new Error(`npm start no longer ends with a node command: ${scripts.start}`);
  return args;
}

let built = false;

/** Starts the production server as its own process, as `npm start` does (building it first if stale). */
export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  if (!built) {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
    built = true;
  }
  const child = spawn(process.execPath, startArguments(), {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', SESSION_SECRET: BENCH_SESSION_SECRET, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
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
