import { and, eq, sql } from 'drizzle-orm';
import { passes, votes } from '../db/schema.ts';
import type { Tx } from './issue.ts';

/**
 * Switches a pass off (full refund, dispute) inside the caller's transaction: its coupons can no
 * longer be redeemed and the votes it cast stop counting, so they leave the shops' live totals
 * in the same transaction. Idempotent: a pass already off is left as it is.
 */
export async function deactivatePass(tx: Tx, passId: number, reason: string): Promise<boolean> {
  const [switchedOff] = await tx
    .update(passes)
    .set({ active: false, inactiveReason: reason })
    .where(and(eq(passes.id, passId), eq(passes.active, true)))
    .returning({ id: passes.id });
  if (!switchedOff) return false;
  // greatest(): a refund must never fail (and be redelivered forever) over a counter off by one.
  await tx.execute(sql`
    update businesses set vote_count = greatest(businesses.vote_count - cast_votes.n, 0)
    from (select ${votes.businessId} as business_id, count(*)::int as n from ${votes}
          where ${votes.passId} = ${passId} group by ${votes.businessId}) as cast_votes
    where businesses.id = cast_votes.business_id`);
  return true;
}
