import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { passes, type Challenge, type Pass } from '../db/schema.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { notFound } from '../errors.ts';
import { NO_PASS_MESSAGE } from './refusal.ts';

/**
 * The caller's pass for the active challenge (rule 1), or 404. With `lock`, the pass row is
 * locked until the transaction ends: every rule that spends or earns votes on a pass takes
 * this lock first, so concurrent requests for one pass run one after another.
 */
export async function requireHeldPass(
  db: Db | Tx,
  userId: number,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<{ pass: Pass; challenge: Challenge }> {
  const challenge = await findCurrentBattle(db, now);
  if (!challenge) throw notFound(NO_PASS_MESSAGE);
  const query = db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), eq(passes.challengeId, challenge.id)));
  const [pass] = options.lock ? await query.for('update') : await query;
  if (!pass) throw notFound(NO_PASS_MESSAGE);
  return { pass, challenge };
}
