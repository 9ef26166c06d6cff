import { asc, eq, sql } from 'drizzle-orm';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { Money } from '#shared/admin.ts';
import type { Settlement } from '#shared/settlement.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses } from '../db/schema.ts';
import {
  earnedDollarsSql,
  firstVisitsSql,
  freePassCouponsSql,
  offlineRedeemedSql,
  paidDollarsSql,
  redeemedCouponsSql,
} from './payouts.ts';
import { csvRows } from '../audit-trail/csv.ts';
import { requireChallenge } from '../challenges/require.ts';

/**
 * What the program owes each shop of a challenge (docs/decisions/0013): the coupon value for
 * every coupon redeemed there, whoever redeemed it and whatever became of their pass, less the
 * organizer's payouts. A deleted shop is still owed for its redeemed coupons, so it stays listed, marked removed.
 */
export async function settlementOf(db: Db, challengeId: number, now: Date): Promise<Settlement> {
  const { id, title } = await requireChallenge(db, challengeId);
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
      offlineRedeemed: offlineRedeemedSql(shopId),
      freePassCoupons: freePassCouponsSql(shopId),
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
    challenge: { id, title },
    generatedAt: now.toISOString(),
    couponValueDollars: COUPON_VALUE_DOLLARS,
    shops,
    totals: {
      couponsRedeemed: sum((row) => row.couponsRedeemed),
      firstVisits: sum((row) => row.firstVisits),
      offlineRedeemed: sum((row) => row.offlineRedeemed),
      freePassCoupons: sum((row) => row.freePassCoupons),
      earnedDollars: sum((row) => row.earnedDollars),
      paidDollars: sum((row) => row.paidDollars),
      owedDollars: sum((row) => row.owedDollars),
      votes: sum((row) => row.votes),
    },
  };
}

/**
 * The dashboard's money at a glance for one challenge, in one statement: passes whose payment
 * stands ('paid'; a refund or dispute takes it out), counted per pass with an order's passes not
 * yet taken (docs/RULES.md rule 24), the free passes from vouchers apart, the payments' gross
 * less what was refunded of them one pass at a time, and the shops' paid and owed
 * from the same per-shop definitions as the settlement, so the two always agree.
 */
export async function moneyAtAGlance(db: Db, challengeId: number): Promise<Money> {
  const shopId = sql`b.id`;
  const [row] = await queryRows<{
    passes_sold: number | string;
    free_passes: number | string;
    gross_cents: number | string;
    earned: number | string;
    paid: number | string;
  }>(
    db,
    sql`select
      (select count(*) from passes p join payments y on y.id = p.payment_id
        where p.challenge_id = ${challengeId} and y.status = 'paid')
      + (select count(*) from pass_claims c join payments y on y.id = c.payment_id
        where c.challenge_id = ${challengeId} and y.status = 'paid'
          and c.pass_id is null and c.status = 'open') as passes_sold,
      (select count(*) from passes p
        where p.challenge_id = ${challengeId} and p.voucher_id is not null) as free_passes,
      (select coalesce(sum(y.amount_cents - y.refunded_cents), 0) from payments y
        where y.challenge_id = ${challengeId} and y.status = 'paid') as gross_cents,
      (select coalesce(sum(${earnedDollarsSql(shopId)}), 0) from businesses b
        where b.challenge_id = ${challengeId}) as earned,
      (select coalesce(sum(${paidDollarsSql(shopId)}), 0) from businesses b
        where b.challenge_id = ${challengeId}) as paid`,
  );
  const paid = Number(row?.paid ?? 0);
  return {
    passesSold: Number(row?.passes_sold ?? 0),
    freePasses: Number(row?.free_passes ?? 0),
    grossCents: Number(row?.gross_cents ?? 0),
    paidToShopsDollars: paid,
    owedToShopsDollars: Number(row?.earned ?? 0) - paid,
  };
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
      'offline_redeemed',
      'free_pass_coupons',
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
      row.offlineRedeemed,
      row.freePassCoupons,
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
      totals.offlineRedeemed,
      totals.freePassCoupons,
      totals.earnedDollars,
      totals.paidDollars,
      totals.owedDollars,
      totals.votes,
      generatedAt,
    ],
  ]);
}
