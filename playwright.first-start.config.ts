import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts';
import { FIRST_START_DIR } from './tests/first-start/paths.ts';

/**
 * `npm run test:first-start`: README's first command on a fresh embedded database, then one member's
 * whole visit. The full browser suite (playwright.config.ts) runs on PostgreSQL in CI; this is
 * the embedded database's browser check (README, "Tests").
 */
const port = Number(process.env.FIRST_START_PORT ?? 3110);

export default defineConfig({
  testDir: 'tests/first-start',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } }],
  webServer: {
    // Exactly README's command, its output kept so the journey can read the printed organizer.
    command: `rm -rf ${FIRST_START_DIR} && mkdir -p ${FIRST_START_DIR} && npm start > ${FIRST_START_DIR}/output.txt 2>&1`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: `${FIRST_START_DIR}/data`,
      // The first start takes its first backup (docs/decisions/0038): beside the data, not in ./backups.
      BACKUP_DIR: `${FIRST_START_DIR}/backups`,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
