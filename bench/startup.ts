import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { record } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts';

const STARTUP_BUDGET_MS = 5000;

/** From `npm start` to the first answered request, on an embedded database that already exists. */
export async function benchStartup(port: number) {
  const dataDir = path.resolve('.tmp/bench-startup');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // First start creates, migrates and seeds the database; it is not what is measured.
  const first = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
  await first.stop();

  const timings: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const child = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      detached: true,
    });
    await waitForHealth(`http://127.0.0.1:${port}`);
    timings.push(performance.now() - started);
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      process.kill(-child.pid!, 'SIGTERM');
    });
  }
  const typical = median(timings);
  record({
    name: `\`npm start\` to first answer, existing embedded database (median of ${timings.length})`,
    figure: typical,
    unit: 'ms',
    budget: `< ${STARTUP_BUDGET_MS} ms`,
    pass: typical < STARTUP_BUDGET_MS,
  });
}
