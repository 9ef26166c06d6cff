import { sql } from 'drizzle-orm';
import { insertVotesInBulk } from './lib/bulk-votes.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { businesses, challenges } from '#server/db/schema.ts';
import { TestClient } from '#tests/helpers/test-app.ts';
import { freshPostgresDatabase } from '#tests/helpers/server-process.ts';

/**
 * Does reading the standings slow down as votes grow? /api/votes, the admin leaderboard and the
 * dashboard are timed at 1,000 and at 1,000,000 votes on the same shops and passes. They read the
 * shops' vote counters (kept in each vote's transaction), so the budget is: the larger costs at
 * most 1.2× the smaller.
 */
export const BUDGET_RATIO = 1.2;
const SHOPS = 8;
const PASSES = 1_000;
const SIZES = [1_000, 1_000_000] as const;
const REQUESTS = 400;
// Enough for the JIT and the query plans to settle, so the first size is not measured cold.
const WARM_UP = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Figure {
  name: string;
  small: number;
  large: number;
  ratio: number;
  budget: number;
}

/** A fresh database on the PostgreSQL server `npm run bench` measures (bench/run.ts sets DATABASE_URL). */
async function openBenchDatabase(): Promise<Database> {
  const databaseUrl = await freshPostgresDatabase(process.env.DATABASE_URL!, 'lb_bench_growth');
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  return database;
}

/** Adds votes spread over the passes and shops, with the counters kept equal to them. */
async function addVotes(database: Database, count: number) {
  await insertVotesInBulk(database.db, count, 'day');
}

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function votesGrowth(log: (line: string) => void): Promise<Figure[]> {
  const database = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    const { db } = database;
    const now = new Date();
    const [challenge] = await db
      .insert(challenges)
      .values({
        title: 'Bench Battle',
        description: 'Benchmark',
        startDate: new Date(now.getTime() - DAY_MS),
        endDate: new Date(now.getTime() + 29 * DAY_MS),
        price: 25,
      })
      .returning();
    await db.insert(businesses).values(
      Array.from({ length: SHOPS }, (_, index) => ({
        challengeId: challenge!.id,
        name: `Shop ${index + 1}`,
        description: 'Bench shop',
        address: `${index + 1} Bench St`,
        redemptionCode: String(1000 + index),
        position: index,
      })),
    );
    await db.execute(sql`
      insert into users (username, password_hash, email)
      select 'bench' || g, 'x', 'bench' || g || '@example.com' from generate_series(1, ${PASSES}) g`);
    await db.execute(sql`
      insert into passes (user_id, challenge_id, purchase_date)
      select id, ${challenge!.id}, now() - (id % 14) * interval '1 day' from users`);
    const adminAccount = {
      username: 'bench_admin',
      password: 'bench-admin-password',
      email: 'bench@example.com',
    };
    await createOrPromoteAdmin(db, adminAccount);

    app = await buildApp({
      db,
      config: { clientDir: '/nonexistent', testToolsEnabled: false },
      logger: false,
    });
    const organizer = new TestClient(app);
    const login = await organizer.post('/api/login', {
      username: adminAccount.username,
      password: adminAccount.password,
    });
    if (login.statusCode !== 200) throw new Error(`bench admin login failed: ${login.body}`);
    const visitor = new TestClient(app);

    const endpoints = [
      { name: 'GET /api/votes', run: () => visitor.get('/api/votes') },
      { name: 'GET /api/admin/leaderboard', run: () => organizer.get('/api/admin/leaderboard') },
      { name: 'GET /api/admin/dashboard', run: () => organizer.get('/api/admin/dashboard') },
    ];
    const timings = new Map<string, number[]>();
    let votes = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await addVotes(database, size - votes);
      votes = size;
      log(
        `  ${database.kind}: ${votes.toLocaleString('en-US')} votes in place (${Math.round(performance.now() - started)} ms)`,
      );
      const check = (await visitor.get('/api/votes')).json<Record<string, number>>();
      const total = Object.values(check).reduce((a, b) => a + b, 0);
      if (total !== votes) throw new Error(`counters say ${total} votes, expected ${votes}`);
      for (const endpoint of endpoints) {
        timings.set(endpoint.name, [
          ...(timings.get(endpoint.name) ?? []),
          await median(endpoint.run),
        ]);
      }
    }
    return endpoints.map(({ name }) => {
      const [small, large] = timings.get(name)!;
      return { name, small: small!, large: large!, ratio: large! / small!, budget: BUDGET_RATIO };
    });
  } finally {
    await app?.close();
    await database.close();
  }
}
