import { formatInstant } from '#shared/date-range.ts';
import type { AppError } from '../errors.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

export const NO_PASS_MESSAGE = 'No pass found for the current challenge.';

/**
 * The answers every rule that redeems or votes gives before it looks at its own work: nobody
 * signed in, no pass for the active challenge, or a pass that may not act now (decided once, in
 * src/server/db/rules/pass_refusal.sql).
 */
export type HeldPassRefusal =
  | { outcome: 'signed-out' }
  | { outcome: 'no-pass' }
  | { outcome: 'refused'; reason: 'inactive'; inactiveReason: string | null }
  | {
      outcome: 'refused';
      reason: 'upcoming' | 'ended';
      challengeTitle: string;
      startDate: string;
      endDate: string;
      timeZone: string;
    };

export type PassAction = 'redeem' | 'vote' | 'reset votes';

/** The one wording of a refusal, its dates in the challenge's time zone. */
export function heldPassRefusalError(refusal: HeldPassRefusal, action: PassAction): AppError {
  if (refusal.outcome === 'signed-out') return unauthorized();
  if (refusal.outcome === 'no-pass') return notFound(NO_PASS_MESSAGE);
  const doing = action === 'redeem' ? 'redeem coupons' : action;
  if (refusal.reason === 'inactive') {
    // The stored reason is a message of its own, so another language's answer says it too.
    return refusal.inactiveReason
      ? forbidden(
          `This pass is no longer active (${refusal.inactiveReason}), so it cannot ${doing}.`,
        )
      : forbidden(`This pass is no longer active, so it cannot ${doing}.`);
  }
  if (refusal.reason === 'upcoming') {
    return forbidden(
      `${refusal.challengeTitle} has not started yet. You can ${doing} from ${formatInstant(refusal.startDate, refusal.timeZone)}.`,
    ).writing({ formatInstant: { at: refusal.startDate, timeZone: refusal.timeZone } });
  }
  return forbidden(
    `${refusal.challengeTitle} ended on ${formatInstant(refusal.endDate, refusal.timeZone)}. You can no longer ${doing}.`,
  ).writing({ formatInstant: { at: refusal.endDate, timeZone: refusal.timeZone } });
}
