import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/rule-call.ts';
import { coupons, passes, type Pass } from '#server/db/schema.ts';
import { issuePass } from '#server/passes/issue.ts';
import type { TestContext } from './test-app.ts';
import { signedInMember } from './test-app.ts';

/** A signed-in member holding a pass (with its coupons) for the given challenge. */
export async function signedInPassHolder(ctx: TestContext, challengeId: number, username?: string) {
  const member = await signedInMember(ctx.app, username);
  const { pass } = await ctx.db.transaction((tx) =>
    issuePass(tx, { userId: member.user.id, challengeId }),
  );
  return { ...member, pass };
}

/** The member's pass for the battle, or undefined. */
export async function passHeldIn(db: Db, challengeId: number, userId: number) {
  const [pass] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), eq(passes.challengeId, challengeId)));
  return pass;
}

/** One signed-in pass holder per entry, who has redeemed the coupons of that entry's shops. */
export async function passHoldersWhoRedeemed(
  ctx: TestContext,
  challengeId: number,
  shopIdsPerHolder: number[][],
) {
  const holders = [];
  for (const shopIds of shopIdsPerHolder) {
    const holder = await signedInPassHolder(ctx, challengeId);
    await markRedeemed(ctx, holder.pass, shopIds);
    holders.push(holder);
  }
  return holders;
}

/**
 * Marks the pass's coupons for these shops redeemed straight in the database (earning votes),
 * and announces it as the redeem rule's caller does (docs/decisions/0032). `at`: each redeem's
 * instant, one per shop (now by default).
 */
export async function markRedeemed(
  ctx: TestContext,
  pass: Pass,
  businessIds: number[],
  at: Date[] = [],
) {
  for (const [index, businessId] of businessIds.entries()) {
    await ctx.db
      .update(coupons)
      .set({ redeemed: true, redeemedAt: at[index] ?? new Date() })
      .where(and(eq(coupons.passId, pass.id), eq(coupons.businessId, businessId)));
  }
  ctx.changes.announcePassChange(pass.id);
}

export async function couponOf(ctx: TestContext, pass: Pass, businessId: number) {
  const [coupon] = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.passId, pass.id), eq(coupons.businessId, businessId)));
  if (!coupon) throw new Error(`no coupon for shop ${businessId}`);
  return coupon;
}

/**
 * docs/RULES.md rule 7 as a query: (pass, shop) pairs of a challenge where an active pass lacks
 * the coupon of a live shop (a unique index forbids a second one). Empty when the rule holds.
 */
export async function passesMissingCoupons(db: Db, challengeId: number) {
  return queryRows<{ pass_id: number; business_id: number }>(
    db,
    sql`
      select p.id as pass_id, b.id as business_id
      from passes p
      join businesses b on b.challenge_id = p.challenge_id and b.deleted_at is null
      where p.challenge_id = ${challengeId} and p.active
        and not exists (
          select from coupons c where c.pass_id = p.id and c.business_id = b.id)
      order by p.id, b.id`,
  );
}
