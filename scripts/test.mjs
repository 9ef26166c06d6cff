// `npm test`: every suite, each phase timed, a table of where the time went at the end.
//
// - typecheck and lint;
// - unit and API tests (Vitest) on the embedded PGlite, and on PostgreSQL too when DATABASE_URL
//   is set: they are where the two databases behave differently;
// - one build, skipped for parts whose sources did not change (scripts/build.mjs);
// - the browser suite (Playwright) in full, on PostgreSQL when DATABASE_URL is set, else on PGlite;
//   with DATABASE_URL, also README's first start on PGlite (tests/first-start/).
//
// A failing phase does not stop the later ones (one run shows every failure), except that the
// browser phases need the build. TEST_REPORT_DIR: each suite writes its JSON report there
// (.ci/run sums them). Every phase is also an npm script of its own: README, "Tests".
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const postgresUrl = process.env.DATABASE_URL || undefined;
const reportDir = process.env.TEST_REPORT_DIR
  ? path.resolve(process.env.TEST_REPORT_DIR)
  : undefined;
const report = (name) => (reportDir ? path.join(reportDir, name) : undefined);

const phases = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  {
    name: 'unit + API (PGlite)',
    script: 'test:unit',
    env: { DATABASE_URL: '', VITEST_JSON_OUTPUT: report('vitest-pglite.json') },
  },
  postgresUrl && {
    name: 'unit + API (PostgreSQL)',
    script: 'test:unit',
    env: { DATABASE_URL: postgresUrl, VITEST_JSON_OUTPUT: report('vitest-postgres.json') },
  },
  { name: 'build', script: 'build:if-stale', isBuild: true },
  {
    name: `browser (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`,
    script: 'test:e2e',
    needsBuild: true,
    env: {
      DATABASE_URL: postgresUrl ?? '',
      PW_JSON_OUTPUT: report(`playwright-${postgresUrl ? 'postgres' : 'pglite'}.json`),
    },
  },
  postgresUrl && {
    name: 'first start (PGlite)',
    script: 'test:first-start',
    needsBuild: true,
    env: { DATABASE_URL: '', PW_JSON_OUTPUT: report('playwright-first-start.json') },
  },
].filter(Boolean);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
let buildFailed = false;
for (const phase of phases) {
  if (buildFailed && phase.needsBuild) {
    results.push({ ...phase, status: 'not run (build failed)', seconds: 0 });
    continue;
  }
  process.stdout.write(`\n--- ${phase.name}\n`);
  const started = Date.now();
  const env = { ...process.env };
  for (const [key, value] of Object.entries(phase.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const run = spawnSync(npm, ['run', '--silent', phase.script], { stdio: 'inherit', env });
  const passed = run.status === 0;
  if (!passed && phase.isBuild) buildFailed = true;
  results.push({
    ...phase,
    status: passed ? 'passed' : 'FAILED',
    seconds: (Date.now() - started) / 1000,
  });
}

const width = Math.max(...results.map((result) => result.name.length));
const total = results.reduce((sum, result) => sum + result.seconds, 0);
process.stdout.write('\n--- where the time went\n');
for (const result of results) {
  process.stdout.write(
    `${result.name.padEnd(width)}  ${result.seconds.toFixed(0).padStart(5)} s  ${result.status}\n`,
  );
}
process.stdout.write(`${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s\n`);
process.exit(results.every((result) => result.status === 'passed') ? 0 : 1);
