import fs from 'node:fs';

/** The organizer the browser journeys sign in as; created by tests/e2e/server.ts. */
export const E2E_ADMIN = {
  username: 'e2e_admin',
  password: 'e2e-admin-password',
  email: 'e2e_admin@example.com',
};

/** The first browser-test server's port; worker N talks to the server on this port + N. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The port of this Playwright worker's own server (playwright.config.ts starts one per worker,
 * each on a database of its own, so one worker's clock moves and votes never reach another's).
 */
export function e2ePort() {
  return E2E_BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** Where tests/e2e/server.ts writes the seeded shops' codes (name → code), one file per port. */
export const e2eCodesFile = (port: number) => `.tmp/e2e-codes-${port}.json`;

/** The demo seed's shops (name → code) on this worker's server. */
const seededCodes = () =>
  JSON.parse(fs.readFileSync(e2eCodesFile(e2ePort()), 'utf8')) as Record<string, string>;

/** Whether a shop is one of the demo seed's (journeys add shops of their own beside them). */
export const isSeededShop = (name: string) => Object.hasOwn(seededCodes(), name);

/** The seeded shop's redemption code, as the cashier would give it. */
export function seededCode(shop: string): string {
  const code = seededCodes()[shop];
  if (!code) throw new Error(`no seeded code for ${shop}`);
  return code;
}
