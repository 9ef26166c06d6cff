import fs from 'node:fs';

/** The organizer the browser journeys sign in as; created by tests/e2e/server.ts. */
export const E2E_ADMIN = {
  username: 'e2e_admin',
  password: 'e2e-admin-password',
  email: 'e2e_admin@example.com',
};

/** Where tests/e2e/server.ts writes the seeded shops' codes (name → code), one file per port. */
export const e2eCodesFile = (port: string | number | undefined) =>
  `.tmp/e2e-codes-${port ?? '3100'}.json`;

/** The seeded shop's redemption code, as the cashier would give it. */
export function seededCode(shop: string): string {
  const codes = JSON.parse(fs.readFileSync(e2eCodesFile(process.env.E2E_PORT), 'utf8')) as Record<
    string,
    string
  >;
  const code = codes[shop];
  if (!code) throw new Error(`no seeded code for ${shop}`);
  return code;
}
