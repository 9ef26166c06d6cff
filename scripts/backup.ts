import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDatabaseHolder, readLocalBackupToken } from '#server/backups/local-server.ts';
import { pruneBackups, takeBackup, type BackupManifest } from '#server/backups/snapshot.ts';
import { readEnv } from '#server/env.ts';
import { fail, openCommandDatabase } from './command-line.ts';

/**
 * `npm run backup [--out FILE]` (docs/decisions/0038): PostgreSQL is dumped directly; the embedded
 * database is snapshotted by the server that holds it when one runs, else directly.
 */
const usage = 'Usage: npm run backup [-- --out FILE]';

let out: string | undefined;
try {
  ({
    values: { out },
  } = parseArgs({ options: { out: { type: 'string' } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
// `npm run backup --out FILE` without `--`: npm keeps the option and passes it on as a setting.
out ??= process.env.npm_config_out || undefined;

const env = readEnv();

function report(manifest: BackupManifest, file: string) {
  process.stdout.write(
    `Backup written: ${file}\n  taken ${manifest.createdAt}, ${manifest.sizeBytes} bytes, migration ${manifest.lastMigration ?? 'none'}\n  sha256 ${manifest.sha256}\n  manifest ${file}.json\n`,
  );
}

/** Asks the running server (it alone may open the embedded database) for a backup. */
async function askRunningServer(holder: number) {
  const token = readLocalBackupToken(env.DATA_DIR);
  if (!token)
    fail(
      `The server (process ${holder}) holds the database but left no backup token in ${env.DATA_DIR}.`,
    );
  const host = ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}/api/admin/backups`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    fail(
      `The server (process ${holder}) holds the database but does not answer at ${url}: ${(error as Error).message}`,
    );
  }
  const body = (await response.json()) as BackupManifest & { message?: string };
  if (response.status !== 201)
    fail(`The server refused the backup (${response.status}): ${body.message ?? ''}`);
  const file = path.join(path.resolve(env.BACKUP_DIR), body.file);
  if (!out) return report(body, file);
  // The server wrote it into BACKUP_DIR; --out gets a copy, manifest and all.
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
  const manifest = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as BackupManifest;
  fs.writeFileSync(
    `${target}.json`,
    `${JSON.stringify({ ...manifest, file: path.basename(target) }, null, 2)}\n`,
  );
  report(manifest, target);
}

const holder = env.DATABASE_URL ? null : embeddedDatabaseHolder(env.DATA_DIR);
if (holder !== null) {
  process.stdout.write(
    `The server (process ${holder}) holds the embedded database: asking it for the backup.\n`,
  );
  await askRunningServer(holder);
} else {
  if (!env.DATABASE_URL && !fs.existsSync(path.join(path.resolve(env.DATA_DIR), 'pglite')))
    fail(`There is no embedded database in ${env.DATA_DIR} to back up.`);
  const database = await openCommandDatabase(env);
  try {
    const { manifest, path: file } = await takeBackup(database, {
      dir: env.BACKUP_DIR,
      out,
      databaseUrl: env.DATABASE_URL,
    });
    if (!out) await pruneBackups(path.resolve(env.BACKUP_DIR), env.BACKUP_KEEP);
    report(manifest, file);
  } catch (error) {
    fail(`The backup failed: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
}
