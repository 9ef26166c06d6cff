import { and, eq } from 'drizzle-orm';
import { coupons, type Pass } from '#server/db/schema.ts';
import { issuePass } from '#server/passes/issue.ts';
import type { TestContext } from './test-app.ts';
import { signedInMember } from './test-app.ts';

/** A signed-in member holding a pass (with its coupons) for the given challenge. */
export async function signedInPassHolder(ctx: TestContext, challengeId: number) {
  const member = await signedInMember(ctx.app);
  const { pass } = await ctx.db.transaction((tx) =>
    issuePass(tx, { userId: member.user.id, challengeId }),
  );
  return { ...member, pass };
}

/** Marks the pass's coupons for these shops redeemed straight in the database (earning votes). */
export async function markRedeemed(ctx: TestContext, pass: Pass, businessIds: number[]) {
  for (const businessId of businessIds) {
    await ctx.db
      .update(coupons)
      .set({ redeemed: true, redeemedAt: new Date() })
      .where(and(eq(coupons.passId, pass.id), eq(coupons.businessId, businessId)));
  }
}

export async function couponOf(ctx: TestContext, pass: Pass, businessId: number) {
  const [coupon] = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.passId, pass.id), eq(coupons.businessId, businessId)));
  if (!coupon) throw new Error(`no coupon for shop ${businessId}`);
  return coupon;
}
