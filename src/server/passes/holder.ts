import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { challenges, passes, type Challenge, type Pass } from '../db/schema.ts';
import { rowFromJson } from '../db/rule-call.ts';
import { challengePhase } from '#shared/challenge-phase.ts';
import { findActiveChallenge } from '../challenges/active.ts';
import { AppError, forbidden, notFound } from '../errors.ts';

export const NO_PASS_MESSAGE = 'No pass found for the current challenge.';

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
  const challenge = await findActiveChallenge(db, now);
  if (!challenge) throw notFound(NO_PASS_MESSAGE);
  const query = db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), eq(passes.challengeId, challenge.id)));
  const [pass] = options.lock ? await query.for('update') : await query;
  if (!pass) throw notFound(NO_PASS_MESSAGE);
  return { pass, challenge };
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * Rules 3 and 2: a pass redeems and votes only while it is active (not refunded or disputed)
 * and only while its challenge runs. The rule functions in the database decide that a pass
 * cannot act (outcome 'cannot-act', with its pass and challenge rows); this says why.
 */
export function passCannotAct(
  found: { pass: Record<string, unknown>; challenge: Record<string, unknown> },
  now: Date,
  action: 'redeem' | 'vote' | 'reset votes',
): AppError {
  const pass = rowFromJson(passes, found.pass);
  const challenge = rowFromJson(challenges, found.challenge);
  const doing = action === 'redeem' ? 'redeem coupons' : action;
  if (!pass.active) {
    const reason = pass.inactiveReason ? ` (${pass.inactiveReason})` : '';
    return forbidden(`This pass is no longer active${reason}, so it cannot ${doing}.`);
  }
  const phase = challengePhase(challenge, now);
  if (phase === 'upcoming') {
    return new AppError(
      403,
      `${challenge.title} has not started yet. You can ${doing} from ${dateFormat.format(challenge.startDate)} UTC.`,
    );
  }
  return new AppError(
    403,
    `${challenge.title} ended on ${dateFormat.format(challenge.endDate)} UTC. You can no longer ${doing}.`,
  );
}
