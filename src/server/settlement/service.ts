import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { Money } from '#shared/admin.ts';
import type { Settlement } from '#shared/shop-side.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses } from '../db/schema.ts';
import {
  challengeOf,
  earnedDollarsSql,
  firstVisitsSql,
  paidDollarsSql,
  redeemedCouponsSql,
} from './payouts.ts';
import { liveShopSql } from '../businesses/live.ts';

/**
 * What the program owes each shop of a challenge (docs/decisions/0013): the coupon value for
 * every coupon redeemed there, whoever redeemed it and whatever became of their pass, less the
 * organizer's payouts. A deleted shop is still owed for its redeemed coupons, so it stays listed, marked removed.
 */
export async function settlementOf(db: Db, challengeId: number, now: Date): Promise<Settlement> {
  const challenge = await challengeOf(db, challengeId);
  // Qualified by hand: in a one-table select drizzle writes columns bare, and a bare "id" inside
  // the account's subqueries would be the coupon's or the payout's.
  const shopId = sql`"businesses"."id"`;
  const rows = await db
    .select({
      shopId: businesses.id,
      name: businesses.name,
      removed: sql<boolean>`${businesses.deletedAt} is not null`,
      couponsRedeemed: redeemedCouponsSql(shopId),
      firstVisits: firstVisitsSql(shopId),
      paidDollars: paidDollarsSql(shopId),
      votes: businesses.voteCount,
    })
    .from(businesses)
    .where(eq(businesses.challengeId, challengeId))
    .orderBy(asc(businesses.position), asc(businesses.id));
  const shops = rows
    .filter((row) => !row.removed || row.couponsRedeemed > 0)
    .map((row) => {
      const earnedDollars = row.couponsRedeemed * COUPON_VALUE_DOLLARS;
      return { ...row, earnedDollars, owedDollars: earnedDollars - row.paidDollars };
    });
  const sum = (pick: (row: (typeof shops)[number]) => number) =>
    shops.reduce((total, row) => total + pick(row), 0);
  return {
    challenge,
    generatedAt: now.toISOString(),
    couponValueDollars: COUPON_VALUE_DOLLARS,
    shops,
    totals: {
      couponsRedeemed: sum((row) => row.couponsRedeemed),
      firstVisits: sum((row) => row.firstVisits),
      earnedDollars: sum((row) => row.earnedDollars),
      paidDollars: sum((row) => row.paidDollars),
      owedDollars: sum((row) => row.owedDollars),
      votes: sum((row) => row.votes),
    },
  };
}

/**
 * The dashboard's money at a glance for one challenge, in one statement: passes whose payment
 * stands ('paid'; a refund or dispute takes it out), their gross, and the shops' paid and owed
 * from the same per-shop definitions as the settlement, so the two always agree.
 */
export async function moneyAtAGlance(db: Db, challengeId: number): Promise<Money> {
  const shopId = sql`b.id`;
  const [row] = await queryRows<{
    passes_sold: number | string;
    gross_cents: number | string;
    earned: number | string;
    paid: number | string;
  }>(
    db,
    sql`select
      (select count(*) from passes p join payments y on y.id = p.payment_id
        where p.challenge_id = ${challengeId} and y.status = 'paid') as passes_sold,
      (select coalesce(sum(y.amount_cents), 0) from passes p join payments y on y.id = p.payment_id
        where p.challenge_id = ${challengeId} and y.status = 'paid') as gross_cents,
      (select coalesce(sum(${earnedDollarsSql(shopId)}), 0) from businesses b
        where b.challenge_id = ${challengeId}) as earned,
      (select coalesce(sum(${paidDollarsSql(shopId)}), 0) from businesses b
        where b.challenge_id = ${challengeId}) as paid`,
  );
  const paid = Number(row?.paid ?? 0);
  return {
    passesSold: Number(row?.passes_sold ?? 0),
    grossCents: Number(row?.gross_cents ?? 0),
    paidToShopsDollars: paid,
    owedToShopsDollars: Number(row?.earned ?? 0) - paid,
  };
}

/**
 * RFC 4180 (comma, CRLF, quotes doubled). A text cell that a spreadsheet would run as a formula
 * (=, +, -, @ first) gets a leading apostrophe: an organizer opens this file in a spreadsheet.
 */
export function csvRows(rows: unknown[][]): string {
  return stringify(
    rows.map((row) =>
      row.map((cell) =>
        typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell,
      ),
    ),
    { record_delimiter: 'windows', cast: { boolean: (value) => (value ? 'yes' : 'no') } },
  );
}

/** Every row carries generated_at: the figures move with each redemption and payout. */
export function settlementCsv(settlement: Settlement): string {
  const { totals, generatedAt } = settlement;
  return csvRows([
    [
      'shop_id',
      'shop',
      'removed',
      'coupons_redeemed',
      'first_visits',
      'earned_usd',
      'paid_usd',
      'owed_usd',
      'votes',
      'generated_at',
    ],
    ...settlement.shops.map((row) => [
      row.shopId,
      row.name,
      row.removed,
      row.couponsRedeemed,
      row.firstVisits,
      row.earnedDollars,
      row.paidDollars,
      row.owedDollars,
      row.votes,
      generatedAt,
    ]),
    [
      'TOTAL',
      '',
      '',
      totals.couponsRedeemed,
      totals.firstVisits,
      totals.earnedDollars,
      totals.paidDollars,
      totals.owedDollars,
      totals.votes,
      generatedAt,
    ],
  ]);
}

/**
 * A pass's pseudonym in every published file (votes.csv, a draw's entries.csv): the first 16 hex
 * digits of SHA-256 of the challenge's secret salt, ':' and the pass id, so files agree on who is
 * who without naming anyone (docs/decisions/0013, 0022).
 */
export const passPseudonymSql = (auditSalt: SQL, passId: SQL) =>
  sql`substr(encode(sha256(convert_to(${auditSalt} || ':' || ${passId}, 'UTF8')), 'hex'), 1, 16)`;

/**
 * Rows per batch: each batch is a string the size of its lines, decoded and then encoded again,
 * so the batch sets the server's churn (`npm run bench -- exports`; BENCHMARKS.md has the figures).
 */
const EXPORT_BATCH = 1_000;

export const VOTES_CSV_HEADER = 'vote_id,shop_id,shop,pass,voted_at\r\n';

/**
 * Writes votes.csv: one row per counted vote of the challenge (an active pass, a live shop: what
 * the leaderboard counts), so anyone given the file can recount the standings. The organizer's
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
      concat_ws(',', n, business_id, shop, pass, to_char(voted_hour, 'YYYY-MM-DD"T"HH24":00:00Z"')) as line
    from (
      select row_number() over (order by voted_hour, pass, business_id, id) as n, *
      from (
        select v.id, v.business_id,
          '"' || replace(case when left(b.name, 1) in ('=', '+', '-', '@', chr(9), chr(13))
            then '''' || b.name else b.name end, '"', '""') || '"' as shop,
          ${passPseudonymSql(sql`c.audit_salt`, sql`v.pass_id`)} as pass,
          date_trunc('hour', v.voted_at at time zone 'UTC') as voted_hour
        from votes v
          join passes p on p.id = v.pass_id
          join businesses b on b.id = v.business_id
          join challenges c on c.id = b.challenge_id
        where b.challenge_id = ${challengeId} and p.active and ${liveShopSql('b')}
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
  await challengeOf(db, challengeId);
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
