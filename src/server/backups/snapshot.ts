import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';
import { projectRoot } from '../project-root.ts';

const run = promisify(execFile);

/**
 * What a backup's data file holds: the embedded database's data directory as a gzip'd tar
 * (PGlite's dumpDataDir), or a pg_dump archive in custom format (compressed by pg_dump).
 */
export type BackupFormat = 'pglite-datadir' | 'pg_dump-custom';

/** The manifest written beside each data file as `<data file>.json` (docs/decisions/0038). */
export interface BackupManifest {
  /** The data file's name, in the manifest's directory. */
  file: string;
  format: BackupFormat;
  /** The instant of the snapshot: every write committed before it is in the file. */
  createdAt: string;
  appVersion: string;
  /** The newest migration the database had (drizzle/meta/_journal.json's tag), null if none. */
  lastMigration: string | null;
  /** Rows per table, counted in the snapshot itself. */
  rowCounts: Record<string, number>;
  sizeBytes: number;
  sha256: string;
}

export const BACKUP_PREFIX = 'local-battles-';
export const MANIFEST_SUFFIX = '.json';

const EXTENSIONS: Record<BackupFormat, string> = {
  'pglite-datadir': '.pglite.tar.gz',
  'pg_dump-custom': '.pgdump',
};

function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** This version's migrations, oldest first, as drizzle/meta/_journal.json lists them. */
export function knownMigrations(): { when: number; tag: string }[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  return journal.entries;
}

/** Drizzle records each applied migration by its journal's `when`; the tag names it. */
function migrationTag(createdAt: number | null): string | null {
  if (createdAt === null) return null;
  return (
    knownMigrations().find((entry) => entry.when === createdAt)?.tag ?? `unknown (${createdAt})`
  );
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Row counts of every table of the public schema, and the last migration, in one snapshot. */
async function describeSnapshot(query: Query) {
  const tables = await query(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rowCounts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query(`select count(*)::int as count from public."${String(name)}"`);
    rowCounts[String(name)] = Number(row?.count ?? 0);
  }
  const migrated = await query(
    `select exists (select from information_schema.tables
       where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as present`,
  );
  let last: number | null = null;
  if (migrated[0]?.present) {
    const [row] = await query(
      `select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    last = row?.at ? Number(row.at) : null;
  }
  return { rowCounts, lastMigration: migrationTag(last) };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The major version of a PostgreSQL tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let output: string;
  try {
    output = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new Error(
      `${tool} was not found: install PostgreSQL's client tools (e.g. apt-get install postgresql-client) of the server's version.`,
    );
  }
  const major = /(\d+)(?:\.\d+)?/.exec(output)?.[1];
  if (!major) throw new Error(`Cannot read ${tool}'s version from: ${output.trim()}`);
  return Number(major);
}

/**
 * A PostgreSQL URL without its password, and the password for PGPASSWORD: a password on a
 * command line is readable by every user of the machine (ps).
 */
export function connectionOf(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(databaseUrl);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

interface Snapshot {
  createdAt: Date;
  rowCounts: Record<string, number>;
  lastMigration: string | null;
}

/**
 * The embedded database: its data directory is copied while this process holds PGlite's
 * transaction lock, so no transaction is half-way; the counts come from the same moment. A
 * commit PGlite acknowledged is in its write-ahead log, which the copy carries (a restore
 * recovers from it as from a crash, which tests/reliability/embedded-crash.test.ts covers).
 */
async function snapshotPglite(database: Database, file: string): Promise<Snapshot> {
  const client = database.pglite;
  if (!client) throw new Error('not an embedded database');
  let blob: Blob | undefined;
  const snapshot = await client.transaction(async (tx) => {
    const createdAt = new Date();
    const described = await describeSnapshot(
      async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
    );
    // dumpDataDir waits only for the statement lock, which the open transaction releases between
    // statements: no other transaction can start until this one ends.
    blob = await client.dumpDataDir('gzip');
    return { createdAt, ...described };
  });
  await fs.promises.writeFile(file, Buffer.from(await blob!.arrayBuffer()));
  return snapshot;
}

/**
 * PostgreSQL: pg_dump in custom format, on a snapshot exported by a repeatable-read transaction
 * that also counts the rows, so file and manifest describe the same instant. pg_dump must be at
 * least the server's major version (docs/decisions/0038).
 */
async function snapshotPostgres(databaseUrl: string, file: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ version }] = (await client.query<{ version: string }>('show server_version_num'))
      .rows as [{ version: string }];
    const serverMajor = Math.floor(Number(version) / 10000);
    const dumpMajor = await toolMajorVersion('pg_dump');
    if (dumpMajor < serverMajor) {
      throw new Error(
        `pg_dump ${dumpMajor} cannot back up a PostgreSQL ${serverMajor} server: install the client tools of version ${serverMajor} or newer.`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const createdAt = new Date();
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const described = await describeSnapshot(async (text) => (await client.query(text)).rows);
    const { url, env } = connectionOf(databaseUrl);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--file', file, '--dbname', url],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    await client.query('commit');
    return { createdAt, ...described };
  } finally {
    await client.end();
  }
}

export interface TakeBackupOptions {
  /** Where named backups go (BACKUP_DIR); ignored with `out`. */
  dir: string;
  /** Exactly this data file (the manifest beside it as `<out>.json`), instead of a name in dir. */
  out?: string | undefined;
  /** PostgreSQL's URL, when the database is PostgreSQL. */
  databaseUrl?: string | undefined;
}

function stampOf(date: Date) {
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

/** Takes one consistent, compressed snapshot and writes its manifest beside it. */
export async function takeBackup(
  database: Database,
  options: TakeBackupOptions,
): Promise<{ manifest: BackupManifest; path: string }> {
  const format: BackupFormat = database.kind === 'pglite' ? 'pglite-datadir' : 'pg_dump-custom';
  const started = new Date();
  const target = options.out
    ? path.resolve(options.out)
    : path.join(
        path.resolve(options.dir),
        `${BACKUP_PREFIX}${stampOf(started)}${EXTENSIONS[format]}`,
      );
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // Written under a temporary name, so a half-written file never looks like a backup.
  const partial = `${target}.partial`;
  try {
    let snapshot: Snapshot;
    if (database.kind === 'pglite') snapshot = await snapshotPglite(database, partial);
    else {
      if (!options.databaseUrl) throw new Error('PostgreSQL backups need DATABASE_URL');
      snapshot = await snapshotPostgres(options.databaseUrl, partial);
    }
    const manifest: BackupManifest = {
      file: path.basename(target),
      format,
      createdAt: snapshot.createdAt.toISOString(),
      appVersion: appVersion(),
      lastMigration: snapshot.lastMigration,
      rowCounts: snapshot.rowCounts,
      sizeBytes: (await fs.promises.stat(partial)).size,
      sha256: await sha256Of(partial),
    };
    await fs.promises.rename(partial, target);
    await fs.promises.writeFile(
      `${target}${MANIFEST_SUFFIX}`,
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    return { manifest, path: target };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/** The backups in a directory (those with a readable manifest), newest first. */
export async function listBackups(dir: string): Promise<BackupManifest[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const manifests: BackupManifest[] = [];
  for (const name of names) {
    if (!name.startsWith(BACKUP_PREFIX) || !name.endsWith(MANIFEST_SUFFIX)) continue;
    try {
      const manifest = JSON.parse(
        await fs.promises.readFile(path.join(dir, name), 'utf8'),
      ) as BackupManifest;
      if (fs.existsSync(path.join(dir, manifest.file))) manifests.push(manifest);
    } catch {
      // Not one of ours, or half-written by a crash: not a backup.
    }
  }
  return manifests.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Deletes all but the newest `keep` backups of the directory (BACKUP_KEEP). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  for (const manifest of (await listBackups(dir)).slice(keep)) {
    await fs.promises.rm(path.join(dir, manifest.file), { force: true });
    await fs.promises.rm(path.join(dir, `${manifest.file}${MANIFEST_SUFFIX}`), { force: true });
    removed.push(manifest.file);
  }
  return removed;
}

/** Reads and checks a backup's manifest (`<file>.json`): the file's SHA-256 must match it. */
export async function verifiedManifest(file: string): Promise<BackupManifest> {
  const manifestPath = `${file}${MANIFEST_SUFFIX}`;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.promises.readFile(manifestPath, 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`No manifest beside the backup: ${manifestPath} is missing or unreadable.`);
  }
  const actual = await sha256Of(file);
  if (actual !== manifest.sha256) {
    throw new Error(
      `The backup ${file} is damaged: its SHA-256 is ${actual}, the manifest says ${manifest.sha256}.`,
    );
  }
  return manifest;
}
