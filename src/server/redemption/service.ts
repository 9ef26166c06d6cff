import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { PublicBusiness } from '#shared/businesses.ts';
import { INVALID_REDEMPTION_CODE, type CouponDto, type RedeemResult } from '#shared/redemption.ts';
import type { Db } from '../db/client.ts';
import {
  businesses,
  coupons,
  redemptionAttempts,
  type Business,
  type Coupon,
} from '../db/schema.ts';
import { toPublicBusiness } from '../businesses/service.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { assertPassCanAct, requireHeldPass } from '../passes/holder.ts';
import type { Tx } from '../passes/issue.ts';
import { availableVotesOf } from '../voting/service.ts';

const MINUTE_MS = 60_000;

/**
 * Wrong codes allowed per pass (DECISIONS rule 3). A 4-digit code has 10,000 values; at most
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
    .where(and(eq(coupons.passId, passId), isNull(businesses.deletedAt)))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return rows.map((row) => toCouponDto(row.coupon, row.business));
}

/** One coupon with its shop, only if it belongs to the caller's pass; someone else's is "not found". */
async function findOwnCoupon(db: Db | Tx, couponId: number, passId: number) {
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

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * When the pass may try a code again, or null when it may now. For each window that is full,
 * the pass must wait until the oldest attempt that keeps it full leaves the window.
 */
async function lockedUntil(tx: Tx, passId: number, now: Date): Promise<Date | null> {
  // One query for every window: the newest attempts of the widest window, newest first.
  const widest = Math.max(...WRONG_CODE_LIMITS.map((limit) => limit.windowMs));
  const most = Math.max(...WRONG_CODE_LIMITS.map((limit) => limit.attempts));
  const recent = await tx
    .select({ at: redemptionAttempts.attemptedAt })
    .from(redemptionAttempts)
    .where(
      and(
        eq(redemptionAttempts.passId, passId),
        gt(redemptionAttempts.attemptedAt, new Date(now.getTime() - widest)),
      ),
    )
    .orderBy(desc(redemptionAttempts.attemptedAt))
    .limit(most);
  let until: Date | null = null;
  for (const limit of WRONG_CODE_LIMITS) {
    const since = now.getTime() - limit.windowMs;
    const blocking = recent.filter((attempt) => attempt.at.getTime() > since)[limit.attempts - 1];
    if (!blocking) continue;
    const freeAt = new Date(blocking.at.getTime() + limit.windowMs);
    if (!until || freeAt > until) until = freeAt;
  }
  return until;
}

type Attempt = { kind: 'redeemed'; result: RedeemResult } | { kind: 'wrong-code' };

/**
 * DECISIONS rules 2 and 3, the one place a coupon is redeemed. The caller's pass row is locked
 * first, so parallel attempts on one pass are judged one after another: the limit on wrong
 * codes counts every attempt, and a coupon is redeemed (earning its vote) exactly once. A wrong
 * code is recorded in the database, so the limit survives restarts and holds on every instance.
 */
export async function redeemCoupon(
  db: Db,
  input: { userId: number; couponId: number; redemptionCode: string; now: Date },
): Promise<RedeemResult> {
  const attempt = await db.transaction(async (tx): Promise<Attempt> => {
    const { pass, challenge } = await requireHeldPass(tx, input.userId, input.now, { lock: true });
    const row = await findOwnCoupon(tx, input.couponId, pass.id);
    if (!row || row.business.deletedAt) throw notFound(COUPON_NOT_FOUND);
    assertPassCanAct(pass, challenge, input.now, 'redeem');
    if (row.coupon.redeemed) {
      throw conflict(
        `This coupon was already redeemed at ${row.business.name}. Nothing was changed.`,
      );
    }

    const until = await lockedUntil(tx, pass.id, input.now);
    if (until) {
      const waitMs = until.getTime() - input.now.getTime();
      throw new AppError(
        429,
        `Too many incorrect redemption codes. Please try again in ${waitText(waitMs)}.`,
        { 'retry-after': String(Math.ceil(waitMs / 1000)) },
      );
    }

    if (!sameCode(input.redemptionCode, row.business.redemptionCode)) {
      await tx
        .insert(redemptionAttempts)
        .values({ passId: pass.id, couponId: row.coupon.id, attemptedAt: input.now });
      return { kind: 'wrong-code' };
    }

    const [redeemed] = await tx
      .update(coupons)
      .set({ redeemed: true, redeemedAt: input.now })
      .where(and(eq(coupons.id, row.coupon.id), eq(coupons.redeemed, false)))
      .returning();
    if (!redeemed)
      throw conflict(
        `This coupon was already redeemed at ${row.business.name}. Nothing was changed.`,
      );
    return {
      kind: 'redeemed',
      result: {
        message: `Your $5 coupon at ${row.business.name} has been redeemed. You earned a vote!`,
        coupon: toCouponDto(redeemed, row.business),
        availableVotes: await availableVotesOf(tx, pass.id),
      },
    };
  });
  // Thrown after the commit, so the wrong attempt stays recorded.
  if (attempt.kind === 'wrong-code') throw badRequest(INVALID_REDEMPTION_CODE);
  return attempt.result;
}
