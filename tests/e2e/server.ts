import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import { openDatabase } from '#server/db/client.ts';
import { businesses } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { adminUrl, withDatabase } from '../helpers/test-db.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  testWalletEnv,
} from '../helpers/wallet-certificates.ts';
import { E2E_ADMIN, E2E_BASE_PORT, e2eCodesFile } from './credentials.ts';

/**
 * Starts the real server for the browser journeys on a fresh database: the demo seed plus a
 * known organizer account. With DATABASE_URL a dedicated database on that server, otherwise
 * an embedded one in .tmp/.
 */
const serverUrl = process.env.DATABASE_URL;
// One server per Playwright worker (playwright.config.ts), each with a database named by its port.
const port = Number(process.env.PORT ?? E2E_BASE_PORT);
if (serverUrl) {
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  const name = `lb_e2e_${port}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(serverUrl, name);
} else {
  const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
}

// Backups (docs/decisions/0038) of this worker's server only, never the checkout's ./backups.
const backupDir = path.resolve(`.tmp/e2e-backups-${port}`);
fs.rmSync(backupDir, { recursive: true, force: true });
process.env.BACKUP_DIR = backupDir;

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
});
await database.migrate();
await seedDemoData(database.db, new Date());
await createOrPromoteAdmin(database.db, E2E_ADMIN);
// The demo codes are random: journeys read them here, as the organizer would hand them out.
const shops = await database.db
  .select({ name: businesses.name, redemptionCode: businesses.redemptionCode })
  .from(businesses);
fs.mkdirSync('.tmp', { recursive: true });
fs.writeFileSync(
  e2eCodesFile(port),
  JSON.stringify(Object.fromEntries(shops.map((shop) => [shop.name, shop.redemptionCode]))),
);
await database.close();

// Both wallets, signed with a throwaway CA and service account made here (docs/decisions/0043):
// the journeys download the .pkpass and follow the Google link; no push or update leaves the
// machine (APNs and Google's API point at a closed local port).
const walletCertificates = makeTestWalletCertificates();
process.on('exit', () => walletCertificates.remove());
Object.assign(
  process.env,
  testWalletEnv(walletCertificates, makeTestServiceAccount().json, {
    APNS_HOST: 'https://127.0.0.1:9',
    GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9',
  }),
);

process.env.SEED_DEMO = 'false';
// Journeys move the server's clock to check date rules (POST /api/testing/clock).
process.env.TEST_CLOCK = 'true';
await import('#server/main.ts');
