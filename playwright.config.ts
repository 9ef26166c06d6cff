import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_PORT } from './tests/e2e/credentials.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts';

/** Two cores: two workers, each with a server and a seeded database of its own. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'tests/e2e',
  // Worker N drives the server on E2E_PORT + N (tests/e2e/fixtures.ts sets its baseURL), so
  // journeys that move the server's clock or count votes never meet another worker's.
  workers,
  retries: 0,
  // Long organizer journeys on a 2-core machine running PostgreSQL, two servers and two Chromiums
  // at once. CI machines are shared: one run measured every phase 2-4 times slower than an idle
  // machine, and the longest journeys ran out of 120 s and a first app page out of 10 s. Only a
  // failing test ever waits the whole time, so the limits allow for that machine.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  // Every journey runs on a phone, where members use the site; the desktop runs those tagged
  // '@desktop', whose screens change with the width, or all of them with E2E_DESKTOP=all
  // (docs/decisions/0045).
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } },
    {
      name: 'desktop',
      grep: process.env.E2E_DESKTOP === 'all' ? /.*/ : /@desktop/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://localhost:${E2E_BASE_PORT + index}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(E2E_BASE_PORT + index), LOG_LEVEL: 'warn' },
  })),
});
