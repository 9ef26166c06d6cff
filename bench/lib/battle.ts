import { sql } from 'drizzle-orm';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import { openDatabase } from '#server/db/client.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';

const DAY_MS = 86_400_000;

/**
 * A fresh PostgreSQL database for one benchmark, migrated, with an organizer and one running
 * battle (started a day ago, ending in `endsInDays`), filled in bulk by the benchmark itself.
 */
export async function benchBattle(options: {
  database: string;
  organizer: string;
  title: string;
  endsInDays: number;
}) {
  const databaseUrl = await freshPostgresDatabase(process.env.DATABASE_URL!, options.database);
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const { db } = database;
  const now = new Date();
  const organizer = {
    username: options.organizer,
    password: `${options.organizer}-password`,
    email: `${options.organizer}@example.com`,
  };
  await createOrPromoteAdmin(db, organizer);
  const [challenge] = (
    (await db.execute(sql`
      insert into challenges (title, description, start_date, end_date, price, active)
      values (${options.title}, 'Benchmark', ${new Date(now.getTime() - DAY_MS)}, ${new Date(now.getTime() + options.endsInDays * DAY_MS)}, 25, true)
      returning id`)) as { rows: { id: number }[] }
  ).rows;
  return { databaseUrl, database, db, now, organizer, challengeId: challenge!.id };
}
