import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { businesses, coupons, passes, type Pass } from '../db/schema.ts';

/**
 * The one place a pass comes into being (purchase, webhook, testing tool). Run inside the
 * caller's transaction; the unique (user, challenge) index makes racing callers end with one
 * pass, and only the caller that created it adds the coupons.
 */
export async function issuePass(
  tx: Tx,
  input: { userId: number; challengeId: number; paymentId?: number | null; purchaseDate?: Date },
): Promise<{ pass: Pass; created: boolean }> {
  const [created] = await tx
    .insert(passes)
    .values({
      userId: input.userId,
      challengeId: input.challengeId,
      paymentId: input.paymentId ?? null,
      ...(input.purchaseDate ? { purchaseDate: input.purchaseDate } : {}),
    })
    .onConflictDoNothing({ target: [passes.userId, passes.challengeId] })
    .returning();
  if (created) {
    await tx.execute(sql`
      insert into ${coupons} (pass_id, business_id)
      select ${created.id}, ${businesses.id} from ${businesses}
      where ${businesses.challengeId} = ${input.challengeId} and ${businesses.deletedAt} is null
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
  await tx.execute(sql`
    insert into ${coupons} (pass_id, business_id)
    select ${passes.id}, ${businessId} from ${passes}
    where ${passes.challengeId} = ${challengeId}
    on conflict do nothing`);
}
