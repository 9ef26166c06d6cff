import { openDatabase } from '#server/db/client.ts';
import pg from 'pg';
import { adminUrl, templateDatabaseName, withDatabase } from './test-db.ts';

/**
 * With DATABASE_URL, migrate one template database once; each test file then copies it
 * (CREATE DATABASE … TEMPLATE), which takes milliseconds and isolates files from each other.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = templateDatabaseName();
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
  await database.migrate();
  await database.close();
}
