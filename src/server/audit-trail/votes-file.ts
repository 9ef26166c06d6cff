import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { requireChallenge } from '../challenges/require.ts';
import { countedVoteSql } from '../voting/counted.ts';
import { passPseudonymSql } from './pseudonym.ts';

/**
 * Rows per batch: each batch is a string the size of its lines, decoded and then encoded again,
 * so the batch sets the server's churn (`npm run bench -- exports`; BENCHMARKS.md has the figures).
 */
const EXPORT_BATCH = 1_000;

/**
 * `pass_kind` is `paid` or `free` (a voucher's pass, docs/RULES.md rule 24): free passes vote only
 * when the battle allows it, and anyone can recount the standings with or without them.
 */
export const VOTES_CSV_HEADER = 'vote_id,shop_id,shop,pass,voted_at,pass_kind\r\n';

/**
 * Writes votes.csv: one row per counted vote of the challenge (countedVoteSql: what the
 * leaderboard counts), so anyone given the file can recount the standings. The organizer's
 * export and the published file (results/publish.ts) are this one function, so they never
 * disagree. Pass numbers are pseudonymised with the challenge's secret salt. docs/RULES.md rule
 * 23: no time finer than the hour, and rows ordered by (hour, pass, shop) with `vote_id` the
 * row's number, so neither a time nor the order of rows tells who voted just after a visit.
 * One statement fixes the rows into a temporary table (one consistent picture), then they are
 * written in batches, so memory stays flat at any number of votes. Runs in the caller's
 * transaction; answers each shop's counted votes, so a ranking equals the file's recount.
 */
export async function writeCountedVotesCsv(
  tx: Tx,
  challengeId: number,
  write: (text: string) => Promise<void>,
): Promise<Map<number, number>> {
  await tx.execute(sql`drop table if exists counted_votes_file`);
  // Every field is a number, a hex pseudonym or an hour, none needing quotes, but the shop's
  // name, quoted and defused here as csvRows does.
  await tx.execute(sql`
    create temp table counted_votes_file on commit drop as
    select n, business_id,
      concat_ws(',', n, business_id, shop, pass, to_char(voted_hour, 'YYYY-MM-DD"T"HH24":00:00Z"'),
        pass_kind) as line
    from (
      select row_number() over (order by voted_hour, pass, business_id, id) as n, *
      from (
        select v.id, v.business_id,
          '"' || replace(case when left(b.name, 1) in ('=', '+', '-', '@', chr(9), chr(13))
            then '''' || b.name else b.name end, '"', '""') || '"' as shop,
          ${passPseudonymSql(sql`c.audit_salt`, sql`v.pass_id`)} as pass,
          date_trunc('hour', v.voted_at at time zone 'UTC') as voted_hour,
          case when p.voucher_id is null then 'paid' else 'free' end as pass_kind
        from votes v
          join passes p on p.id = v.pass_id
          join businesses b on b.id = v.business_id
          join challenges c on c.id = b.challenge_id
        where b.challenge_id = ${challengeId} and ${countedVoteSql('p', 'b')}
      ) counted
    ) numbered`);
  await tx.execute(sql`create index on counted_votes_file (n)`);
  await write(VOTES_CSV_HEADER);
  for (let after = 0; ; after += EXPORT_BATCH) {
    const [batch] = await queryRows<{ lines: string | null }>(
      tx,
      sql`select string_agg(line, E'\r\n' order by n) || E'\r\n' as lines from counted_votes_file
        where n > ${after} and n <= ${after + EXPORT_BATCH}`,
    );
    if (!batch?.lines) break;
    await write(batch.lines);
  }
  const counts = await queryRows<{ business_id: number; votes: number }>(
    tx,
    sql`select business_id, count(*)::int as votes from counted_votes_file group by business_id`,
  );
  return new Map(counts.map((row) => [Number(row.business_id), Number(row.votes)]));
}

/**
 * The organizer's live votes.csv (settlement/routes.ts); the public file is the one stored at the
 * end (results/publish.ts). Resolves once the challenge is known, so an unknown one is a 404
 * rather than a broken download.
 */
export async function votesCsvStream(db: Db, challengeId: number): Promise<Readable> {
  await requireChallenge(db, challengeId);
  const out = new PassThrough();
  const write = async (chunk: string) => {
    if (out.destroyed) throw new Error('votes export abandoned by the client');
    if (out.write(chunk)) return;
    // Wait for room or for the end, then drop the other listener: one left behind per batch
    // makes memory grow with the number of votes (npm run bench -- exports).
    const settled = new AbortController();
    const waits = [
      once(out, 'drain', { signal: settled.signal }),
      once(out, 'close', { signal: settled.signal }),
    ];
    for (const wait of waits) wait.catch(() => {});
    await Promise.race(waits).finally(() => settled.abort());
    // The downloader went away: stop reading and end the transaction.
    if (out.destroyed) throw new Error('votes export abandoned by the client');
  };
  void db
    .transaction(async (tx) => {
      await writeCountedVotesCsv(tx, challengeId, write);
    })
    .then(
      () => out.end(),
      (error: unknown) => out.destroy(error as Error),
    );
  return out;
}
