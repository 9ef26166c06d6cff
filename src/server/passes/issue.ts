import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { businesses, coupons, passes, type Pass } from '../db/schema.ts';
import { isLiveShop } from '../businesses/live.ts';

/** Namespace of the coupon-copy locks: the first of the two keys, the challenge id the second. */
const COUPON_COPY_LOCK_CLASS = 7_301_203;

/**
 * docs/RULES.md rule 7 between concurrent transactions. A pass copies coupons from the shops its
 * statement sees, a new shop copies them to the passes its statement sees; under READ COMMITTED an
 * overlapping pair sees neither row and the pass lacks the shop's coupon for good. So each side
 * takes this challenge's lock before its copy and keeps it until commit: passes share it with one
 * another, new shops hold it alone. Whichever copies second waits for the other's commit, and its
 * statement then sees the other's row. An advisory lock, because no other rule takes it: it forms
 * no cycle with the row locks of the vote rules (docs/decisions/0010).
 */
async function lockCouponCopy(tx: Tx, challengeId: number, side: 'pass' | 'shop') {
  await tx.execute(
    side === 'pass'
      ? sql`select pg_advisory_xact_lock_shared(${COUPON_COPY_LOCK_CLASS}, ${challengeId})`
      : sql`select pg_advisory_xact_lock(${COUPON_COPY_LOCK_CLASS}, ${challengeId})`,
  );
}

/**
 * Taken by a transaction that adds shops to a challenge before its first insert: waiting for the
 * lock while holding a new shop row could deadlock with another adder whose insert waits for that
 * row (the same redemption code, src/server/businesses/import.ts). Re-entrant within a transaction.
 */
export const lockChallengeForNewShops = (tx: Tx, challengeId: number) =>
  lockCouponCopy(tx, challengeId, 'shop');

/**
 * The one place a pass comes into being (purchase, webhook, claim, voucher, testing tool). Run inside the
 * caller's transaction; the unique (user, challenge) index makes racing callers end with one
 * pass, and only the caller that created it adds the coupons.
 */
export async function issuePass(
  tx: Tx,
  input: {
    userId: number;
    challengeId: number;
    paymentId?: number | null;
    /** A free pass's voucher (src/server/passes/vouchers.ts); such a pass has no payment. */
    voucherId?: number;
    purchaseDate?: Date;
  },
): Promise<{ pass: Pass; created: boolean }> {
  const [created] = await tx
    .insert(passes)
    .values({
      userId: input.userId,
      challengeId: input.challengeId,
      paymentId: input.paymentId ?? null,
      ...(input.voucherId !== undefined ? { voucherId: input.voucherId } : {}),
      ...(input.purchaseDate ? { purchaseDate: input.purchaseDate } : {}),
    })
    .onConflictDoNothing({ target: [passes.userId, passes.challengeId] })
    .returning();
  if (created) {
    await lockCouponCopy(tx, input.challengeId, 'pass');
    await tx.execute(sql`
      insert into ${coupons} (pass_id, business_id)
      select ${created.id}, ${businesses.id} from ${businesses}
      where ${businesses.challengeId} = ${input.challengeId} and ${isLiveShop}
      on conflict do nothing`);
    return { pass: created, created: true };
  }
  const [existing] = await tx
    .select()
    .from(passes)
    .where(and(eq(passes.userId, input.userId), eq(passes.challengeId, input.challengeId)));
  if (!existing) throw new Error('pass vanished between insert and select');
  return { pass: existing, created: false };
}

/** docs/RULES.md rule 7: a shop added after passes were sold gives every pass its coupon. */
export async function addCouponsForNewBusiness(tx: Tx, businessId: number, challengeId: number) {
  await lockChallengeForNewShops(tx, challengeId);
  await tx.execute(sql`
    insert into ${coupons} (pass_id, business_id)
    select ${passes.id}, ${businessId} from ${passes}
    where ${passes.challengeId} = ${challengeId}
    on conflict do nothing`);
}
