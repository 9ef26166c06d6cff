import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import type { Payout, payoutCreateSchema, PayoutVoidInput } from '#shared/settlement.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses, payouts, type Payout as PayoutRow } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { requireChallenge } from '../challenges/require.ts';

/**
 * A shop's account with the program (docs/decisions/0013): it earns the coupon value for every
 * coupon redeemed there, whatever became of the pass, and the organizer's payouts are taken off
 * that. These SQL expressions are the one definition the settlement, the shop's page and the
 * payout check share; `shopId` is an SQL reference to the shop's id in the enclosing query.
 */
export const redeemedCouponsSql = (shopId: SQL) =>
  sql<number>`(select count(*) from coupons k where k.business_id = ${shopId} and k.redeemed)::int`;
/** Redeemed coupons whose member answered yes to 'First time at {shop}?' (docs/decisions/0022-results-and-draws.md). */
export const firstVisitsSql = (shopId: SQL) =>
  sql<number>`(select count(*) from coupons k where k.business_id = ${shopId} and k.redeemed
    and k.first_visit)::int`;
/** Redeemed coupons whose code was typed offline and counted at the sync (docs/decisions/0042). */
export const offlineRedeemedSql = (shopId: SQL) =>
  sql<number>`(select count(*) from coupons k where k.business_id = ${shopId} and k.redeemed
    and k.entered_at is not null)::int`;
/** Redeemed coupons of free passes from vouchers (docs/RULES.md rule 24): owed like any other. */
export const freePassCouponsSql = (shopId: SQL) =>
  sql<number>`(select count(*) from coupons k join passes p on p.id = k.pass_id
    where k.business_id = ${shopId} and k.redeemed and p.voucher_id is not null)::int`;
export const earnedDollarsSql = (shopId: SQL) =>
  sql<number>`(${redeemedCouponsSql(shopId)} * ${COUPON_VALUE_DOLLARS})::int`;
/** A voided payout (docs/decisions/0033) stays on record but is not money paid. */
export const paidDollarsSql = (shopId: SQL) =>
  sql<number>`(select coalesce(sum(p.amount_dollars), 0) from payouts p
    where p.business_id = ${shopId} and p.voided_at is null)::int`;

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  shopId: row.businessId,
  amountDollars: row.amountDollars,
  paidAt: row.paidAt.toISOString(),
  note: row.note,
  voided:
    row.voidedAt && row.voidReason !== null
      ? { at: row.voidedAt.toISOString(), reason: row.voidReason }
      : null,
});

/**
 * Records money the organizer paid a shop of the challenge, at most what is still owed. The
 * shop's row is locked first (FOR UPDATE) and the owed amount read after the lock, in one
 * transaction: two organizers paying at once queue on the lock, and the second sees the first's
 * payout, so together they never pay more than the shop earned. A removed shop can still be paid:
 * it is owed for the coupons redeemed before (docs/RULES.md rule 8).
 */
export async function recordPayout(
  db: Db,
  challengeId: number,
  input: z.output<typeof payoutCreateSchema>,
  paidBy: number,
  now: Date,
): Promise<Payout> {
  return db.transaction(async (tx) => {
    await requireChallenge(tx, challengeId);
    const [shop] = await tx
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(and(eq(businesses.id, input.shopId), eq(businesses.challengeId, challengeId)))
      .for('update');
    if (!shop) throw badRequest('This shop is not part of this challenge.');
    // A statement of its own, after the lock: its snapshot includes a payout committed meanwhile.
    const shopId = sql`${shop.id}::int`;
    const [account] = await queryRows<{ earned: number; paid: number }>(
      tx,
      sql`select ${earnedDollarsSql(shopId)} as earned, ${paidDollarsSql(shopId)} as paid`,
    );
    const owed = account ? account.earned - account.paid : 0;
    if (owed <= 0) throw badRequest(`Nothing is owed to ${shop.name} now.`);
    if (input.amountDollars > owed) {
      throw badRequest(
        `${shop.name} is owed ${formatMoney(owed)} now; a payout cannot be more than that.`,
      );
    }
    const [row] = await tx
      .insert(payouts)
      .values({
        businessId: shop.id,
        amountDollars: input.amountDollars,
        note: input.note,
        paidAt: now,
        paidBy,
      })
      .returning();
    if (!row) throw new Error('payout insert returned no row');
    return toPayout(row);
  });
}

/**
 * Voids a payout recorded in error (docs/decisions/0033): it stays in the history with when, by
 * whom and why, and the settlement stops counting it, so the shop is owed that much again. One
 * conditional UPDATE is the whole change, so two organizers voiding at once void it once; voiding
 * a voided payout answers it as it stands, the first reason kept. The database refuses every
 * other change to a payout and every delete (rules/guard_payout_record.sql).
 */
export async function voidPayout(
  db: Db,
  challengeId: number,
  payoutId: number,
  input: PayoutVoidInput,
  voidedBy: number,
  now: Date,
): Promise<Payout> {
  return db.transaction(async (tx) => {
    await requireChallenge(tx, challengeId);
    const ofChallenge = and(
      eq(payouts.id, payoutId),
      inArray(
        payouts.businessId,
        tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.challengeId, challengeId)),
      ),
    );
    const [voided] = await tx
      .update(payouts)
      .set({ voidedAt: now, voidedBy, voidReason: input.reason })
      .where(and(ofChallenge, isNull(payouts.voidedAt)))
      .returning();
    if (voided) return toPayout(voided);
    const [existing] = await tx.select().from(payouts).where(ofChallenge);
    if (!existing) throw notFound('Payout not found');
    return toPayout(existing);
  });
}

/** Every payout of the challenge's shops, newest first (the latest is what an organizer checks). */
export async function listPayouts(db: Db, challengeId: number): Promise<Payout[]> {
  await requireChallenge(db, challengeId);
  const rows = await db
    .select({ payout: payouts })
    .from(payouts)
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(eq(businesses.challengeId, challengeId))
    .orderBy(desc(payouts.paidAt), desc(payouts.id));
  return rows.map(({ payout }) => toPayout(payout));
}

/** One shop's payouts, newest first, for its own page. */
export async function payoutsOfShop(db: Db, shopId: number): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.businessId, shopId))
    .orderBy(desc(payouts.paidAt), desc(payouts.id));
  return rows.map(toPayout);
}
