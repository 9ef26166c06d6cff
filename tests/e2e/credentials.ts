/** The organizer the browser journeys sign in as; created by tests/e2e/server.ts. */
export const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password', email: 'e2e_admin@example.com' };

/** Where tests/e2e/server.ts writes the seeded shops' codes (name → code), one file per port. */
export const e2eCodesFile = (port: string | number | undefined) =>
  `.tmp/e2e-codes-${port ?? '3100'}.json`;
