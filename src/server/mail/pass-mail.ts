import { and, asc, eq } from 'drizzle-orm';
import { businesses, challenges, coupons, passClaims, passes, users } from '../db/schema.ts';
import type { Tx } from '../db/client.ts';
import type { SaidSentence } from '../errors.ts';
import {
  offlineRedemptionRefusedMail,
  passSwitchedOffMail,
  receiptMail,
  type MailContext,
} from './templates.ts';
import { challengePhase } from '#shared/challenge-phase.ts';
import { enqueueMail } from './outbox.ts';
import { isLiveShop } from '../businesses/live.ts';

/**
 * The purchase receipt, queued in the fulfilment's transaction once the order's passes and claims
 * are made. Called only when they were made there, so repeated fulfilment (success page, webhook,
 * redelivery) queues no second one.
 */
export async function queuePassReceipt(
  tx: Tx,
  mail: MailContext,
  purchase: {
    /** The payment's id, the receipt's number. */
    id: number;
    userId: number;
    challengeId: number;
    amountCents: number;
    discountCents: number;
    currency: string;
  },
  now: Date,
): Promise<void> {
  const [buyer] = await tx
    .select({
      email: users.email,
      language: users.language,
      challengeTitle: challenges.title,
      endDate: challenges.endDate,
      timeZone: challenges.timeZone,
    })
    .from(users)
    .innerJoin(challenges, eq(challenges.id, purchase.challengeId))
    .where(eq(users.id, purchase.userId));
  if (!buyer)
    throw new Error(`receipt for a missing member or challenge: ${JSON.stringify(purchase)}`);
  const shops = await tx
    .select({ name: businesses.name })
    .from(businesses)
    .where(and(eq(businesses.challengeId, purchase.challengeId), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
  const [ownPasses, passesToGive] = await Promise.all([
    tx.$count(passes, and(eq(passes.paymentId, purchase.id), eq(passes.userId, purchase.userId))),
    tx.$count(passClaims, eq(passClaims.paymentId, purchase.id)),
  ]);
  const receipt = receiptMail(mail, {
    email: buyer.email,
    language: buyer.language,
    paymentId: purchase.id,
    challengeTitle: buyer.challengeTitle,
    endDate: buyer.endDate,
    amountCents: purchase.amountCents,
    discountCents: purchase.discountCents,
    currency: purchase.currency,
    purchasedAt: now,
    timeZone: buyer.timeZone,
    shops: shops.map((shop) => shop.name),
    order: { ownPass: ownPasses > 0, passesToGive },
  });
  await enqueueMail(tx, receipt, now);
}

/** Tells the holder why a pass went off; called only when it really was switched off just now. */
export async function queuePassSwitchedOffNotice(
  tx: Tx,
  mail: MailContext,
  pass: { passId: number; reason: string },
  now: Date,
): Promise<void> {
  const [holder] = await tx
    .select({ email: users.email, language: users.language, challengeTitle: challenges.title })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .innerJoin(challenges, eq(challenges.id, passes.challengeId))
    .where(eq(passes.id, pass.passId));
  // A pass given away and not yet taken has nobody to tell (docs/decisions/0044).
  if (!holder) return;
  await enqueueMail(tx, passSwitchedOffMail(mail, { ...holder, reason: pass.reason }), now);
}

/**
 * Tells the holder an offline redemption was refused at sync (docs/decisions/0042); called in the
 * redemption's transaction at its first judgement only, so a replay mails nothing again.
 */
export async function queueOfflineRefusalNotice(
  tx: Tx,
  mail: MailContext,
  refusal: { couponId: number; reason: SaidSentence },
  now: Date,
): Promise<void> {
  const [holder] = await tx
    .select({
      email: users.email,
      language: users.language,
      shopName: businesses.name,
      shopTranslations: businesses.translations,
      challenge: challenges,
    })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .innerJoin(passes, eq(passes.id, coupons.passId))
    .innerJoin(users, eq(users.id, passes.userId))
    .innerJoin(challenges, eq(challenges.id, passes.challengeId))
    .where(eq(coupons.id, refusal.couponId));
  if (!holder) throw new Error(`notice for a missing coupon ${refusal.couponId}`);
  const stillRunning = challengePhase(holder.challenge, now) === 'running';
  await enqueueMail(
    tx,
    offlineRedemptionRefusedMail(mail, {
      email: holder.email,
      language: holder.language,
      shop: { shopName: holder.shopName, shopTranslations: holder.shopTranslations },
      reason: refusal.reason,
      stillRunning,
    }),
    now,
  );
}
