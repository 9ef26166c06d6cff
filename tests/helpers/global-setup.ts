import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import pg from 'pg';
import { adminUrl, pgliteTemplateFile, templateDatabaseName, withDatabase } from './test-db.ts';

/**
 * Migrate one template database once; each test file then copies it, which isolates files from
 * each other. With DATABASE_URL a database on the server (CREATE DATABASE … TEMPLATE, which takes
 * milliseconds); else an embedded data directory written to a file, which a new PGlite loads in
 * a third of the time it takes to create and migrate one.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const archive = await database.pglite!.dumpDataDir('none');
    await database.close();
    fs.mkdirSync(path.dirname(pgliteTemplateFile()), { recursive: true });
    fs.writeFileSync(pgliteTemplateFile(), Buffer.from(await archive.arrayBuffer()));
    return;
  }
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
