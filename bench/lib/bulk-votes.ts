import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Adds `count` votes in one statement, spread over every pass and shop and over the last 20 days
 * or hours, then brings the counters kept in each vote's transaction up to them: the per-shop
 * totals and the per-day counts (src/server/db/rules/count_vote_by_day.sql). The per-vote trigger is off meanwhile, so the
 * counters are rebuilt in one pass each instead of the trigger firing a million times.
 */
export async function insertVotesInBulk(db: Db, count: number, spread: 'day' | 'hour') {
  await db.execute(sql`alter table votes disable trigger votes_counted_by_day`);
  try {
    await db.execute(sql`
      insert into votes (pass_id, business_id, voted_at)
      select p.ids[1 + (g % array_length(p.ids, 1))], b.ids[1 + (g % array_length(b.ids, 1))],
             now() - (g % 20) * ${`1 ${spread}`}::interval
      from generate_series(1, ${count}) as g,
           (select array_agg(id order by id) as ids from passes) p,
           (select array_agg(id order by id) as ids from businesses) b`);
  } finally {
    await db.execute(sql`alter table votes enable trigger votes_counted_by_day`);
  }
  await db.execute(sql`
    update businesses set vote_count = coalesce((select count(*) from votes where votes.business_id = businesses.id), 0)`);
  await db.execute(sql`delete from vote_days`);
  await db.execute(sql`
    insert into vote_days (business_id, challenge_id, day, votes)
    select b.id, b.challenge_id, (v.voted_at at time zone c.time_zone)::date, count(*)::integer
    from votes v join businesses b on b.id = v.business_id join challenges c on c.id = b.challenge_id
    group by 1, 2, 3`);
  // Settle the table as production autovacuum would, so the background clean-up of a million
  // fresh rows does not run during (and slow) the measurement.
  await db.execute(sql`vacuum analyze`);
}
