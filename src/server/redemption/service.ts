import { and, asc, eq, sql } from 'drizzle-orm';
import type { PublicBusiness } from '#shared/businesses.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { countOf } from '#shared/plural.ts';
import { fieldPerLanguage } from '#shared/translations.ts';
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
import { publicBusinessIn, toPublicBusiness } from '../businesses/service.ts';
import { memberIdSql, type MemberRef } from '../auth/session-member.ts';
import { AppError, conflict, notFound, saying, withWords, type MessageInstant } from '../errors.ts';
import { requireHeldPass } from '../passes/holder.ts';
import { heldPassRefusalError, type HeldPassRefusal } from '../passes/refusal.ts';
import { formatMoney } from '#shared/money.ts';
import { formatInstant } from '#shared/date-range.ts';
import { isLiveShop } from '../businesses/live.ts';
import { shopNameTexts, type NamedShop } from '../businesses/named-shop.ts';
import type { MailContext } from '../mail/templates.ts';
import { queueOfflineRefusalNotice } from '../mail/pass-mail.ts';
import { queueRewardMail, type ReachedReward } from '../milestones/service.ts';

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

/** A coupon with its shop: in `language` (docs/decisions/0050), else the content language's texts. */
function toCouponDto(coupon: Coupon, business: Business, language?: string): CouponDto {
  return {
    id: coupon.id,
    passId: coupon.passId,
    businessId: coupon.businessId,
    redeemed: coupon.redeemed,
    redeemedAt: coupon.redeemedAt?.toISOString() ?? null,
    enteredAt: coupon.enteredAt?.toISOString() ?? null,
    syncedAt: coupon.syncedAt?.toISOString() ?? null,
    business:
      language === undefined ? toPublicBusiness(business) : publicBusinessIn(business, language),
  };
}

/** The coupons of a pass for its live shops, in the shops' display order, their shops in `language`. */
export async function listCoupons(db: Db, passId: number, language: string): Promise<CouponDto[]> {
  const rows = await db
    .select({ coupon: coupons, business: businesses })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .where(and(eq(coupons.passId, passId), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return rows.map((row) => toCouponDto(row.coupon, row.business, language));
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

/** GET /api/businesses/coupon/:couponId: the shop of one of the caller's coupons, in `language`. */
export async function businessForCoupon(
  db: Db,
  input: { userId: number; couponId: number; now: Date; language: string },
): Promise<PublicBusiness> {
  const { pass } = await requireHeldPass(db, input.userId, input.now);
  const row = await findOwnCoupon(db, input.couponId, pass.id);
  if (!row) throw notFound(COUPON_NOT_FOUND);
  if (row.business.deletedAt) throw notFound('Business not found for this coupon');
  return publicBusinessIn(row.business, input.language);
}

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes < 120) return countOf(minutes, 'minute');
  return `${Math.ceil(minutes / 60)} hours`;
}

type RedeemOutcome =
  | HeldPassRefusal
  | { outcome: 'coupon-not-found' | 'nonce-reused' }
  | { outcome: 'wrong-code'; triesLeft: number }
  | ({ outcome: 'already-redeemed' | 'paused' } & NamedShop)
  | ({ outcome: 'daily-cap'; dailyCap: number } & NamedShop)
  | { outcome: 'locked'; retryAt: string }
  | ({
      outcome: 'offline-refused';
      reason: OfflineLateness;
      /** The battle's end plus OFFLINE_REDEEM_GRACE_MINUTES. */
      syncBy: string;
    } & NamedShop)
  | {
      outcome: 'redeemed';
      coupon: Record<string, unknown>;
      business: Record<string, unknown>;
      availableVotes: number;
      /** Whether the battle still runs, so the vote can be cast. */
      votable: boolean;
      /**
       * False for a voucher's free pass in a battle that does not let them vote (rule 24); absent
       * from answers kept in offline_redemptions before it existed, which all earned a vote.
       */
      passVotes?: boolean;
      /** The milestones this redeem reached (docs/decisions/0046); absent from answers kept before them. */
      rewards?: ReachedReward[];
    };

/** Why an offline redemption came too late or claims an impossible instant (redeem_held_coupon.sql). */
type OfflineLateness = 'in-future' | 'too-old' | 'too-late' | 'before-pass' | 'before-shop';

/** What redeem_coupon adds to each answer to an offline redemption, and on a replay. */
interface OfflineAnswer {
  offline?: true;
  passId?: number;
  enteredAt?: string;
  timeZone?: string;
  replay?: true;
}

/** An answer of redeem_coupon (src/server/db/rules/redeem_coupon.sql), as recorded for an offline one. */
export type RedeemAnswer = RedeemOutcome & OfflineAnswer;

/** One call of the database's redeem_coupon rule (src/server/db/rules/redeem_coupon.sql). */
function redeemOutcome(db: Db | Tx, input: RedeemInput): Promise<RedeemAnswer> {
  return callRule<RedeemAnswer>(
    db,
    sql`select redeem_coupon(${memberIdSql(input.member, input.now)}, ${input.couponId}, ${input.redemptionCode}, ${input.now.toISOString()}::timestamptz,
      ${sqlIntArray(WRONG_CODE_LIMITS.map((limit) => limit.attempts))},
      ${sqlIntArray(WRONG_CODE_LIMITS.map((limit) => limit.windowMs / 1000))},
      ${input.offline?.enteredAt.toISOString() ?? null}::timestamptz, ${input.offline?.nonce ?? null}::text,
      ${Math.round((input.offline?.graceMs ?? 0) / 1000)}) as result`,
  );
}

/** The words for an offline redemption that came too late or with an impossible instant. */
function offlineLatenessText(
  answer: Extract<RedeemOutcome, { outcome: 'offline-refused' }>,
  typed: string,
  timeZone: string,
): string {
  switch (answer.reason) {
    case 'in-future':
      return `This code is dated ${typed}, later than now. Check your phone's date and time, then redeem again.`;
    case 'too-old':
      return `This code was typed offline on ${typed}, more than 24 hours before it reached us, so it cannot be counted.`;
    case 'too-late':
      return `This code was typed offline on ${typed} but reached us after ${formatInstant(answer.syncBy, timeZone)}, too late to count after the battle's end.`;
    case 'before-pass':
      return `This code is dated ${typed}, before your pass was bought, so it cannot be counted.`;
    case 'before-shop':
      return `This code is dated ${typed}, before ${answer.shopName} joined the battle, so it cannot be counted.`;
  }
}

/**
 * The one wording of redeem_coupon's answer: the redemption, or the refusal to throw. Also words
 * a recorded offline answer again (a replay, the coupon's 'not counted' line), so it reads the same.
 */
export function redeemAnswerOf(answer: RedeemAnswer, now: Date): RedeemResult | AppError {
  const typed =
    answer.enteredAt && answer.timeZone ? formatInstant(answer.enteredAt, answer.timeZone) : '';
  // The dates these words write, for an answer in another language (AppError.writing).
  const typedAt: Record<string, MessageInstant> =
    answer.enteredAt && answer.timeZone
      ? { typed: { at: answer.enteredAt, timeZone: answer.timeZone } }
      : {};
  switch (answer.outcome) {
    case 'signed-out':
    case 'no-pass':
    case 'refused':
      return heldPassRefusalError(answer, 'redeem');
    case 'coupon-not-found':
      return notFound(COUPON_NOT_FOUND);
    case 'nonce-reused':
      return conflict('This offline redemption was already sent for another coupon.');
    case 'offline-refused':
      return new AppError(
        422,
        offlineLatenessText(answer, typed, answer.timeZone ?? 'UTC'),
      ).writing(
        {
          ...typedAt,
          ...(answer.reason === 'too-late'
            ? { formatInstant: { at: answer.syncBy, timeZone: answer.timeZone ?? 'UTC' } }
            : {}),
        },
        shopNameTexts(answer),
      );
    case 'already-redeemed':
      return conflict(
        `This coupon was already redeemed at ${answer.shopName}. Nothing was changed.`,
      ).writing({}, shopNameTexts(answer));
    case 'paused':
      return conflict(`${answer.shopName} is temporarily not accepting coupons.`).writing(
        {},
        shopNameTexts(answer),
      );
    case 'daily-cap':
      return conflict(
        `${answer.shopName} has reached today's limit of ${countOf(answer.dailyCap, 'coupon')}. Try again tomorrow.`,
      ).writing({}, shopNameTexts(answer));
    case 'locked': {
      const waitMs = new Date(answer.retryAt).getTime() - now.getTime();
      return new AppError(
        429,
        `Too many incorrect redemption codes. Please try again in ${waitText(waitMs)}.`,
        { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      );
    }
    case 'wrong-code': {
      const details: Omit<RedeemRefusal, 'message'> = { triesLeft: Math.max(0, answer.triesLeft) };
      const message = answer.offline
        ? `${INVALID_REDEMPTION_CODE}: it was not the shop's code when it was typed offline on ${typed}`
        : INVALID_REDEMPTION_CODE;
      return new AppError(400, message, {}, details).writing(typedAt);
    }
    case 'redeemed': {
      const business = rowFromJson(businesses, answer.business);
      const coupon = rowFromJson(coupons, answer.coupon);
      const value = formatMoney(COUPON_VALUE_DOLLARS);
      const earned =
        answer.passVotes !== false
          ? saying('You earned a vote!')
          : saying('Your free pass from a voucher does not vote in this battle.');
      // Each sentence on its own, so an answer in another language says each, with its dates.
      // The shop and each reward named as the organizer wrote them in the answer's language.
      const shopName = { name: fieldPerLanguage(business.translations ?? {}, 'name') };
      const said = !answer.offline
        ? [
            saying(`Your ${value} coupon at ${business.name} has been redeemed.`, {}, shopName),
            earned,
          ]
        : answer.votable
          ? [
              saying(
                `Your ${value} coupon at ${business.name}, typed offline on ${typed}, has been redeemed.`,
                typedAt,
                shopName,
              ),
              earned,
            ]
          : [
              saying(
                `Your ${value} coupon at ${business.name}, typed offline on ${typed}, has been redeemed for the shop. The battle had ended when it reached us, so it earns no vote.`,
                typedAt,
                shopName,
              ),
            ];
      // docs/decisions/0046: told at the counter, where the reward is picked up.
      const reached = (answer.rewards ?? []).map((reward) =>
        saying(
          `You reached a milestone: ${reward.reward}. Your pick-up code is ${reward.pickupCode}.`,
          {},
          { reward: fieldPerLanguage(reward.translations ?? {}, 'reward') },
        ),
      );
      return withWords(
        {
          coupon: toCouponDto(coupon, business),
          availableVotes: answer.availableVotes,
          offline: answer.offline === true,
        },
        [...said, ...reached],
      );
    }
  }
}

interface RedeemInput {
  member: MemberRef;
  couponId: number;
  redemptionCode: string;
  firstVisit?: boolean | undefined;
  /** Set for an offline redemption (docs/decisions/0042). */
  offline?:
    | {
        /** When the code was typed, by the phone's clock. */
        enteredAt: Date;
        nonce?: string | undefined;
        /** OFFLINE_REDEEM_GRACE_MINUTES: how long after the end it may still arrive. */
        graceMs: number;
      }
    | undefined;
  now: Date;
}

/**
 * docs/RULES.md rules 2 and 3: one call of the database's redeem_coupon (src/server/db/rules/redeem_coupon.sql), which locks
 * the caller's pass row first, so parallel attempts on one pass are judged one after another:
 * the limit on wrong codes counts every attempt, and a coupon is redeemed (earning its vote)
 * exactly once. A wrong code is recorded in the database, so the limit survives restarts and
 * holds on every instance. This function words the outcome and, once a redemption is committed,
 * announces the pass's change to every instance's member answers (docs/decisions/0032).
 * An offline redemption refused at its first judgement is mailed to the member in the same
 * transaction (docs/decisions/0042); its replay mails nothing again.
 */
export async function redeemCoupon(
  db: Db,
  changes: Pick<ChangeFeed, 'announcePassChange'>,
  mail: MailContext,
  input: RedeemInput,
): Promise<RedeemResult> {
  const { firstVisit } = input;
  const mailRewards = async (db: Db | Tx, outcome: RedeemAnswer) => {
    if (outcome.outcome !== 'redeemed' || !outcome.rewards?.length || outcome.replay) return;
    const { passId } = rowFromJson(coupons, outcome.coupon);
    await queueRewardMail(db, mail, { passId, rewards: outcome.rewards, now: input.now });
  };
  const plain = firstVisit === undefined && input.offline === undefined;
  const result = plain
    ? await redeemOutcome(db, input)
    : // The answer is kept with the redemption it belongs to, in the same transaction.
      await db.transaction(async (tx) => {
        const outcome = await redeemOutcome(tx, input);
        if (outcome.replay) return outcome;
        if (outcome.outcome === 'redeemed' && firstVisit !== undefined)
          await tx.update(coupons).set({ firstVisit }).where(eq(coupons.id, input.couponId));
        const answer = redeemAnswerOf(outcome, input.now);
        // Not for a coupon already used or a shop gone: nothing the member could still redeem.
        const unused = !['already-redeemed', 'coupon-not-found'].includes(outcome.outcome);
        if (outcome.offline && unused && answer instanceof AppError)
          await queueOfflineRefusalNotice(
            tx,
            mail,
            {
              couponId: input.couponId,
              reason: saying(answer.message, answer.instants, answer.texts),
            },
            input.now,
          );
        await mailRewards(tx, outcome);
        return outcome;
      });
  // The plain redeem stays one statement on the hot path; the rare reward's mail follows its
  // commit (the reward itself is on the pass already, docs/decisions/0046).
  if (plain) await mailRewards(db, result);
  const answer = redeemAnswerOf(result, input.now);
  // A redemption, or an offline refusal the coupon now shows (listed with the pass's progress).
  const passId = answer instanceof AppError ? result.passId : answer.coupon.passId;
  if (!result.replay && passId !== undefined) changes.announcePassChange(passId);
  if (answer instanceof AppError) throw answer;
  return answer;
}
