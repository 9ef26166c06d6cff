import { and, asc, eq, sql } from 'drizzle-orm';
import type { PublicBusiness } from '#shared/businesses.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { countOf } from '#shared/plural.ts';
import {
  INVALID_REDEMPTION_CODE,
  type CouponDto,
  type RedeemRefusal,
  type RedeemResult,
} from '#shared/redemption.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db, Tx } from '../db/client.ts';
import { callRule, rowFromJson, sqlIntArray } from '../db/rule-call.ts';
import { businesses, coupons, type Business, type Coupon } from '../db/schema.ts';
import { toPublicBusiness } from '../businesses/service.ts';
import { memberIdSql, type MemberRef } from '../auth/session-member.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { heldPassRefusalError, type HeldPassRefusal } from '../passes/refusal.ts';
import { formatMoney } from '#shared/money.ts';
import { isLiveShop } from '../businesses/live.ts';

const MINUTE_MS = 60_000;

/**
 * Wrong codes allowed per pass (docs/RULES.md rule 3). A 4-digit code has 10,000 values; at most
 * 20 guesses a day is 600 over a 30-day battle, so a pass finds a given shop's code by guessing
 * with a chance of about 6%, while a member who mistypes a few times is not stopped.
 */
export const WRONG_CODE_LIMITS = [
  { attempts: 5, windowMs: 15 * MINUTE_MS },
  { attempts: 20, windowMs: 24 * 60 * MINUTE_MS },
] as const;

export const COUPON_NOT_FOUND = 'Coupon not found';

function toCouponDto(coupon: Coupon, business: Business): CouponDto {
  return {
    id: coupon.id,
    passId: coupon.passId,
    businessId: coupon.businessId,
    redeemed: coupon.redeemed,
    redeemedAt: coupon.redeemedAt?.toISOString() ?? null,
    business: toPublicBusiness(business),
  };
}

/** The coupons of a pass for its live shops, in the shops' display order. */
export async function listCoupons(db: Db, passId: number): Promise<CouponDto[]> {
  const rows = await db
    .select({ coupon: coupons, business: businesses })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .where(and(eq(coupons.passId, passId), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return rows.map((row) => toCouponDto(row.coupon, row.business));
}

/** One coupon with its shop, only if it belongs to the caller's pass; someone else's is "not found". */
async function findOwnCoupon(db: Db, couponId: number, passId: number) {
  const [row] = await db
    .select({ coupon: coupons, business: businesses })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .where(and(eq(coupons.id, couponId), eq(coupons.passId, passId)));
  return row ?? null;
}

/** GET /api/businesses/coupon/:couponId: the shop of one of the caller's coupons. */
export async function businessForCoupon(
  db: Db,
  input: { userId: number; couponId: number; now: Date },
): Promise<PublicBusiness> {
  const { pass } = await requireHeldPass(db, input.userId, input.now);
  const row = await findOwnCoupon(db, input.couponId, pass.id);
  if (!row) throw notFound(COUPON_NOT_FOUND);
  if (row.business.deletedAt) throw notFound('Business not found for this coupon');
  return toPublicBusiness(row.business);
}

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes < 120) return countOf(minutes, 'minute');
  return `${Math.ceil(minutes / 60)} hours`;
}

type RedeemOutcome =
  | HeldPassRefusal
  | { outcome: 'coupon-not-found' }
  | { outcome: 'wrong-code'; triesLeft: number }
  | { outcome: 'already-redeemed' | 'paused'; shopName: string }
  | { outcome: 'daily-cap'; shopName: string; dailyCap: number }
  | { outcome: 'locked'; retryAt: string }
  | {
      outcome: 'redeemed';
      coupon: Record<string, unknown>;
      business: Record<string, unknown>;
      availableVotes: number;
    };

const alreadyRedeemed = (shopName: string) =>
  conflict(`This coupon was already redeemed at ${shopName}. Nothing was changed.`);

/** One call of the database's redeem_coupon rule (src/server/db/rules/redeem_coupon.sql). */
function redeemOutcome(
  db: Db | Tx,
  input: { member: MemberRef; couponId: number; redemptionCode: string; now: Date },
): Promise<RedeemOutcome> {
  return callRule<RedeemOutcome>(
    db,
    sql`select redeem_coupon(${memberIdSql(input.member, input.now)}, ${input.couponId}, ${input.redemptionCode}, ${input.now.toISOString()}::timestamptz,
      ${sqlIntArray(WRONG_CODE_LIMITS.map((limit) => limit.attempts))},
      ${sqlIntArray(WRONG_CODE_LIMITS.map((limit) => limit.windowMs / 1000))}) as result`,
  );
}

/**
 * docs/RULES.md rules 2 and 3: one call of the database's redeem_coupon (src/server/db/rules/redeem_coupon.sql), which locks
 * the caller's pass row first, so parallel attempts on one pass are judged one after another:
 * the limit on wrong codes counts every attempt, and a coupon is redeemed (earning its vote)
 * exactly once. A wrong code is recorded in the database, so the limit survives restarts and
 * holds on every instance. This function words the outcome and, once a redemption is committed,
 * announces the pass's change to every instance's member answers (docs/decisions/0032).
 */
export async function redeemCoupon(
  db: Db,
  changes: Pick<ChangeFeed, 'announcePassChange'>,
  input: {
    member: MemberRef;
    couponId: number;
    redemptionCode: string;
    firstVisit?: boolean | undefined;
    now: Date;
  },
): Promise<RedeemResult> {
  const { firstVisit } = input;
  const result =
    firstVisit === undefined
      ? await redeemOutcome(db, input)
      : // The answer is kept with the redemption it belongs to, in the same transaction.
        await db.transaction(async (tx) => {
          const outcome = await redeemOutcome(tx, input);
          if (outcome.outcome === 'redeemed')
            await tx.update(coupons).set({ firstVisit }).where(eq(coupons.id, input.couponId));
          return outcome;
        });
  switch (result.outcome) {
    case 'signed-out':
    case 'no-pass':
    case 'refused':
      throw heldPassRefusalError(result, 'redeem');
    case 'coupon-not-found':
      throw notFound(COUPON_NOT_FOUND);
    case 'already-redeemed':
      throw alreadyRedeemed(result.shopName);
    case 'paused':
      throw conflict(`${result.shopName} is temporarily not accepting coupons.`);
    case 'daily-cap':
      throw conflict(
        `${result.shopName} has reached today's limit of ${countOf(result.dailyCap, 'coupon')}. Try again tomorrow.`,
      );
    case 'locked': {
      const waitMs = new Date(result.retryAt).getTime() - input.now.getTime();
      throw new AppError(
        429,
        `Too many incorrect redemption codes. Please try again in ${waitText(waitMs)}.`,
        { 'retry-after': String(Math.ceil(waitMs / 1000)) },
      );
    }
    case 'wrong-code': {
      const details: Omit<RedeemRefusal, 'message'> = { triesLeft: Math.max(0, result.triesLeft) };
      throw new AppError(400, INVALID_REDEMPTION_CODE, {}, details);
    }
    case 'redeemed': {
      const business = rowFromJson(businesses, result.business);
      const coupon = rowFromJson(coupons, result.coupon);
      changes.announcePassChange(coupon.passId);
      return {
        message: `Your ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at ${business.name} has been redeemed. You earned a vote!`,
        coupon: toCouponDto(coupon, business),
        availableVotes: result.availableVotes,
      };
    }
  }
}
