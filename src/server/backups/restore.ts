import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir, openDatabase } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { checkData, type DataCheck } from './check-data.ts';
import {
  connectionOf,
  knownMigrations,
  verifiedManifest,
  type BackupManifest,
} from './snapshot.ts';

const run = promisify(execFile);

/**
 * A restore refused before anything changed: onto a database that holds data without --force, or
 * of a backup from a newer version (which --force does not override).
 */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** The tables whose rows make a database "not empty": a migrated, unseeded one has none. */
const HOLDING_TABLES = ['users', 'challenges', 'passes', 'payments'] as const;

type Holdings = Partial<Record<(typeof HOLDING_TABLES)[number], number>>;

async function holdingsOf(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const present = new Set(
    (
      await query(
        `select table_name as name from information_schema.tables where table_schema = 'public'`,
      )
    ).map((row) => String(row.name)),
  );
  const holdings: Holdings = {};
  for (const table of HOLDING_TABLES) {
    if (!present.has(table)) continue;
    const [row] = await query(`select count(*)::int as count from public.${table}`);
    const count = Number(row?.count ?? 0);
    if (count > 0) holdings[table] = count;
  }
  return holdings;
}

function describe(holdings: Holdings): string | null {
  const parts = Object.entries(holdings).map(([table, count]) => `${count} ${table}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

export interface RestoreOptions {
  file: string;
  force: boolean;
  /** PostgreSQL to restore into; absent: the embedded database in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Progress lines for the command's output. */
  log: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the restore replaced (a description), null when the target was empty. */
  replaced: string | null;
  /** Sessions ended (every one the backup held). */
  sessionsEnded: number;
  check: DataCheck;
}

async function restorePglite(options: RestoreOptions): Promise<string | null> {
  const dataDir = path.resolve(options.dataDir);
  // Throws DatabaseInUseError while the server runs: it must be stopped for a restore.
  const release = lockDataDir(dataDir);
  try {
    const target = path.join(dataDir, 'pglite');
    let replaced: string | null = null;
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      const current = await PGlite.create(target);
      let holdings: Holdings;
      try {
        holdings = await holdingsOf(
          async (text) => (await current.query<Record<string, unknown>>(text)).rows,
        );
      } finally {
        await current.close();
      }
      const held = describe(holdings);
      if (held && !options.force) {
        throw new RestoreRefusedError(
          `The embedded database in ${dataDir} is not empty (${held}). Nothing was changed. Run again with --force to replace it.`,
        );
      }
      // Kept, not deleted: a restore of the wrong file must not cost the data it replaced.
      const aside = `${target}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
      fs.renameSync(target, aside);
      replaced = `${held ?? 'an empty database'}; the replaced data directory was moved to ${aside}`;
    }
    const restored = await PGlite.create(target, {
      loadDataDir: new Blob([await fs.promises.readFile(options.file)]),
    });
    await restored.close();
    return replaced;
  } finally {
    release();
  }
}

async function restorePostgres(options: RestoreOptions, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let replaced: string | null;
  try {
    const held = describe(await holdingsOf(async (text) => (await client.query(text)).rows));
    if (held && !options.force) {
      throw new RestoreRefusedError(
        `The PostgreSQL database is not empty (${held}). Nothing was changed. Run again with --force to replace it.`,
      );
    }
    replaced = held;
    // The archive brings its own schema: the target's (perhaps newer) tables go first, so the
    // migrations afterwards start from the backup's own state.
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
  const { url, env } = connectionOf(databaseUrl);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      url,
      options.file,
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
  return replaced;
}

/**
 * A backup whose last migration this version does not know comes from a newer version: the
 * migrations cannot bring it forward, and this version's code would run on a schema it was not
 * written for. Refused before the target is touched, --force or not (docs/decisions/0038).
 */
function refuseNewer(manifest: BackupManifest) {
  if (manifest.lastMigration === null) return;
  const known = knownMigrations();
  if (known.some((entry) => entry.tag === manifest.lastMigration)) return;
  throw new RestoreRefusedError(
    `This backup comes from a newer version of Local Battles (app ${manifest.appVersion}, migration ${manifest.lastMigration}); this version knows migrations up to ${known.at(-1)?.tag ?? 'none'}. Nothing was changed. Restore it with that version or a newer one.`,
  );
}

/**
 * `npm run restore FILE [--force]` (docs/decisions/0038): checks the file against its manifest,
 * refuses a backup from a newer version, and a database that holds data unless forced, loads the snapshot, migrates it forward,
 * ends every session, and checks the invariants.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await verifiedManifest(options.file);
  const wanted = options.databaseUrl ? 'pg_dump-custom' : 'pglite-datadir';
  if (manifest.format !== wanted) {
    throw new Error(
      manifest.format === 'pglite-datadir'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL.'
        : 'This backup is of PostgreSQL (pg_dump): restore it with DATABASE_URL set.',
    );
  }
  refuseNewer(manifest);
  options.log(
    `Restoring ${path.basename(options.file)}: taken ${manifest.createdAt}, app ${manifest.appVersion}, migration ${manifest.lastMigration ?? 'none'}.`,
  );
  const replaced = options.databaseUrl
    ? await restorePostgres(options, options.databaseUrl)
    : await restorePglite(options);
  if (replaced) options.log(`Replaced: ${replaced}.`);

  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    poolSize: 1,
  });
  try {
    // An older snapshot is brought forward to this version's schema.
    await database.migrate();
    // Everyone signs in again: sessions of the backup's time must not outlive the restore.
    const ended = await database.db.delete(sessions).returning({ sid: sessions.sid });
    const check = await checkData(database.db);
    return { manifest, replaced, sessionsEnded: ended.length, check };
  } finally {
    await database.close();
  }
}
