import { z } from 'zod';

/** One backup as the organizer sees it (the manifest's summary, docs/decisions/0038). */
export const backupSchema = z.object({
  file: z.string(),
  /** The snapshot's instant (ISO 8601). */
  createdAt: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  appVersion: z.string(),
  lastMigration: z.string().nullable(),
  sha256: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/admin/backups: the newest backup, the schedule, and whether the newest is overdue. */
export const backupStatusSchema = z.object({
  last: backupSchema.nullable(),
  /** Backups kept in BACKUP_DIR now. */
  count: z.number().int().nonnegative(),
  /** BACKUP_EVERY in milliseconds; null when the server takes none by itself. */
  intervalMs: z.number().int().positive().nullable(),
  keep: z.number().int().positive(),
  /** The newest backup is older than twice the interval (or none was taken while one is due). */
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
