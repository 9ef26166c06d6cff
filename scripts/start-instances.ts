import { openDatabase } from '#server/db/client.ts';
import { startInstances } from '#tests/helpers/instances.ts';

/**
 * `DATABASE_URL=postgres://… npm run instances -- 2`: N production server processes on free
 * ports over one PostgreSQL database, the way the reliability suite starts them
 * (docs/DEPLOY.md, "Starting N instances"). Migrates first, as a deploy does; Ctrl-C stops all.
 * For trying a multi-instance set-up on one machine: the instances share a fixed test session
 * secret, so this is not how production is run.
 */
const count = Number(process.argv[2] ?? 2);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  process.stderr.write('DATABASE_URL must name a PostgreSQL database: instances share it.\n');
  process.exit(2);
}
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(
    `The instance count must be a whole number of at least 1, not ${process.argv[2]}.\n`,
  );
  process.exit(2);
}

const database = await openDatabase({ databaseUrl });
await database.migrate();
await database.close();
const instances = await startInstances({ count, databaseUrl });
process.stdout.write(`${instances.urls.join('\n')}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void instances.stopAll().then(() => process.exit(0)));
