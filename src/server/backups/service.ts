import type { BackupStatus } from '#shared/backups.ts';
import type { Database } from '../db/client.ts';
import type { PeriodicJob } from '../jobs/scheduler.ts';
import { listBackups, pruneBackups, takeBackup, type BackupManifest } from './snapshot.ts';

/** BACKUP_DIR, BACKUP_KEEP and BACKUP_EVERY (src/server/env.ts), as the server uses them. */
export interface BackupSettings {
  dir: string;
  keep: number;
  /** null: no scheduled backups (only on demand). */
  intervalMs: number | null;
  /** PostgreSQL's URL, for pg_dump; absent with the embedded database. */
  databaseUrl?: string | undefined;
  /**
   * The embedded database's local token: `npm run backup` reads it from DATA_DIR and sends it to
   * POST /api/admin/backups (docs/decisions/0038). Absent with PostgreSQL.
   */
  localToken?: string | undefined;
}

/** Older than this many intervals, the newest backup is overdue and /admin says so. */
export const STALE_AFTER_INTERVALS = 2;

/**
 * The running server's backups (docs/decisions/0038): on demand from /admin or `npm run backup`,
 * and on the schedule. One at a time: a request while one is being taken gets that one.
 * Backup times are wall-clock instants, not the app's (movable) server clock.
 */
export class Backups {
  private inFlight: Promise<BackupManifest> | null = null;

  constructor(
    private readonly database: Database,
    readonly settings: BackupSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  take(): Promise<BackupManifest> {
    this.inFlight ??= (async () => {
      try {
        const { manifest } = await takeBackup(this.database, {
          dir: this.settings.dir,
          databaseUrl: this.settings.databaseUrl,
        });
        await pruneBackups(this.settings.dir, this.settings.keep);
        return manifest;
      } finally {
        this.inFlight = null;
      }
    })();
    return this.inFlight;
  }

  async status(): Promise<BackupStatus> {
    const backups = await listBackups(this.settings.dir);
    const last = backups[0] ?? null;
    const { intervalMs, keep } = this.settings;
    const stale =
      intervalMs !== null &&
      (last === null ||
        this.now().getTime() - Date.parse(last.createdAt) > STALE_AFTER_INTERVALS * intervalMs);
    return {
      last: last && {
        file: last.file,
        createdAt: last.createdAt,
        sizeBytes: last.sizeBytes,
        appVersion: last.appVersion,
        lastMigration: last.lastMigration,
        sha256: last.sha256,
      },
      count: backups.length,
      intervalMs,
      keep,
      stale,
    };
  }

  /** The scheduled backup, one per interval across instances (jobs/scheduler.ts); none when off. */
  job(): PeriodicJob | null {
    const { intervalMs } = this.settings;
    if (intervalMs === null) return null;
    return {
      name: 'backup',
      intervalMs,
      run: async () => {
        await this.take();
      },
    };
  }
}
