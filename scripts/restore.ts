import { parseArgs } from 'node:util';
import { dataCheckReport } from '#server/backups/check-data.ts';
import { restoreBackup, RestoreRefusedError } from '#server/backups/restore.ts';
import { DatabaseInUseError } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { fail } from './command-line.ts';

/** `npm run restore FILE [--force]` (docs/decisions/0038). */
const usage = 'Usage: npm run restore -- FILE [--force]';

let parsed;
try {
  parsed = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(usage);

const env = readEnv();
try {
  const result = await restoreBackup({
    file,
    // `npm run restore FILE --force` without `--`: npm keeps --force and passes it on as a setting.
    force: parsed.values.force || process.env.npm_config_force === 'true',
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `Restored. Migrated to this version's schema; ${result.sessionsEnded} sessions ended (everyone signs in again).\n\n${dataCheckReport(result.check)}\n`,
  );
  process.exit(result.check.ok ? 0 : 1);
} catch (error) {
  if (error instanceof RestoreRefusedError || error instanceof DatabaseInUseError)
    fail(error.message);
  fail(`The restore failed: ${(error as Error).message}`);
}
