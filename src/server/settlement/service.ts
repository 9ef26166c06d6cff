import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { Settlement } from '#shared/shop-side.ts';
import type { Db } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import { challengeOf, firstVisitsSql, paidDollarsSql, redeemedCouponsSql } from './payouts.ts';
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
 * so the batch sets the server's churn: a smaller batch keeps a large export within its memory
 * budget at some cost in time (`npm run bench -- exports`; BENCHMARKS.md has the current figures).
 */
const EXPORT_BATCH = 1_000;

/**
 * One row per counted vote of the challenge (an active pass, a live shop: what the leaderboard
 * counts), so anyone given the file can recount the standings. The organizer's export and the
 * public one after the end (results/routes.ts) are this one stream, so they never disagree. Pass numbers are pseudonymised with
 * the challenge's secret salt. Read in batches inside one read-only repeatable-read transaction:
 * the file is one consistent picture however long the download takes, and memory stays flat at
 * any number of votes (npm run bench -- exports). Resolves once the challenge is known, so an
 * unknown one is a 404 rather than a broken download.
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
    .transaction(
      async (tx) => {
        await write(csvRows([['vote_id', 'shop_id', 'shop', 'pass', 'voted_at']]));
        for (let after = 0; ;) {
          // Each batch arrives as one text of CSV lines: every field is a number, a hex pseudonym
          // or an instant, none needing quotes, but the shop's name, quoted and defused here as
          // csvRows does; one string per batch instead of thousands of row objects keeps the
          // server's garbage small.
          const { rows } = (await tx.execute(sql`
            with batch as (
              select v.id, v.business_id,
                '"' || replace(case when left(b.name, 1) in ('=', '+', '-', '@', chr(9), chr(13))
                  then '''' || b.name else b.name end, '"', '""') || '"' as shop,
                ${passPseudonymSql(sql`c.audit_salt`, sql`v.pass_id`)} as pass,
                to_char(v.voted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as voted_at
              from votes v
                join passes p on p.id = v.pass_id
                join businesses b on b.id = v.business_id
                join challenges c on c.id = b.challenge_id
              where b.challenge_id = ${challengeId} and p.active and ${liveShopSql('b')} and v.id > ${after}
              order by v.id
              limit ${EXPORT_BATCH})
            select max(id) as last_id,
              string_agg(concat_ws(',', id, business_id, shop, pass, voted_at), E'\r\n' order by id) || E'\r\n' as lines
            from batch`)) as { rows: { last_id: number | null; lines: string | null }[] };
          const [batch] = rows;
          if (!batch?.lines || batch.last_id === null) break;
          await write(batch.lines);
          after = batch.last_id;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => out.end(),
      (error: unknown) => out.destroy(error as Error),
    );
  return out;
}
