import { checkData, dataCheckReport } from '#server/backups/check-data.ts';
import { readEnv } from '#server/env.ts';
import { openCommandDatabase } from './command-line.ts';

/**
 * `npm run check-data`: the money-and-votes invariants (src/server/backups/check-data.ts); exit
 * code 0 when all hold, 1 otherwise. The embedded database can be checked only while the server
 * is stopped (one process may open it).
 */
const env = readEnv();
const database = await openCommandDatabase(env);
let ok = false;
try {
  const check = await checkData(database.db);
  process.stdout.write(`${dataCheckReport(check)}\n`);
  ok = check.ok;
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
