import { and, desc, eq } from 'drizzle-orm';
import { formatInstant } from '#shared/date-range.ts';
import { hasEnded } from '#shared/challenge-phase.ts';
import {
  PROMO_CODE_TAKEN,
  PROMO_NOT_FOUND,
  PROMO_OTHER_BATTLE,
  PROMO_USED_UP,
  type PromoCodeDto,
} from '#shared/promo-codes.ts';
import type { SandboxSession } from '#shared/payments.ts';
import { formatMoney } from '#shared/money.ts';
import { requireChallenge } from '../challenges/require.ts';
import type { Db, Tx } from '../db/client.ts';
import { challenges, payments, promoCodes, type Payment, type PromoCode } from '../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';

/**
 * Promo codes for the sandbox checkout (docs/RULES.md rule 24, docs/decisions/0044). The organizer
 * makes a code per battle, percent or amount off, with optional max uses and expiry. Applying it
 * on the sandbox page reprices the pending payment (`discount_cents`, `amount_cents` = price ×
 * quantity − discount, never below 0); paying takes one use under the code's row lock, so of two
 * buyers racing for its last use exactly one pays the discounted price.
 */

const gone = (message: string) => new AppError(410, message);

function toPromoCodeDto(promo: PromoCode): PromoCodeDto {
  return {
    id: promo.id,
    challengeId: promo.challengeId,
    code: promo.code,
    percentOff: promo.percentOff,
    amountOffCents: promo.amountOffCents,
    maxUses: promo.maxUses,
    uses: promo.uses,
    expiresAt: promo.expiresAt?.toISOString() ?? null,
    createdAt: promo.createdAt.toISOString(),
  };
}

/** POST /api/admin/challenges/{id}/promo-codes: the input already checked, its code in capitals. */
export async function createPromoCode(
  db: Db,
  input: {
    challengeId: number;
    code: string;
    percentOff?: number;
    amountOffCents?: number;
    maxUses?: number;
    expiresAt?: string;
    createdBy: number;
    now: Date;
  },
): Promise<PromoCodeDto> {
  const challenge = await requireChallenge(db, input.challengeId);
  if (hasEnded(challenge, input.now)) {
    throw conflict('This battle has ended, so no more promo codes can be made for it.');
  }
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt <= input.now) throw badRequest('Expiry must be in the future.');
  try {
    const [promo] = await db
      .insert(promoCodes)
      .values({
        challengeId: challenge.id,
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOffCents ?? null,
        maxUses: input.maxUses ?? null,
        expiresAt,
        createdBy: input.createdBy,
        createdAt: input.now,
      })
      .returning();
    if (!promo) throw new Error('insert returned no promo code');
    return toPromoCodeDto(promo);
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_code_uq')) throw conflict(PROMO_CODE_TAKEN);
    throw error;
  }
}

/** GET /api/admin/challenges/{id}/promo-codes: newest first, each with its uses. */
export async function listPromoCodes(db: Db, challengeId: number): Promise<PromoCodeDto[]> {
  await requireChallenge(db, challengeId);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.challengeId, challengeId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map(toPromoCodeDto);
}

/**
 * Why a code cannot be used now (a 410 whose date is written again in the answer's language,
 * AppError.writing), or null when it can.
 */
async function promoRefusal(tx: Tx, promo: PromoCode, now: Date): Promise<AppError | null> {
  if (promo.expiresAt && promo.expiresAt <= now) {
    const [challenge] = await tx
      .select({ timeZone: challenges.timeZone })
      .from(challenges)
      .where(eq(challenges.id, promo.challengeId));
    const timeZone = challenge?.timeZone ?? 'UTC';
    return gone(`This promo code expired on ${formatInstant(promo.expiresAt, timeZone)}.`).writing({
      formatInstant: { at: promo.expiresAt, timeZone },
    });
  }
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return gone(PROMO_USED_UP);
  return null;
}

/** The order's price before any discount, and what the code takes off it (never beyond it). */
function priceWith(payment: Payment, promo: PromoCode | null) {
  const fullCents = payment.amountCents + payment.discountCents;
  const off = !promo
    ? 0
    : promo.percentOff !== null
      ? Math.round((fullCents * promo.percentOff) / 100)
      : (promo.amountOffCents ?? 0);
  const discountCents = Math.min(off, fullCents);
  return { amountCents: fullCents - discountCents, discountCents };
}

async function lockSandboxPayment(tx: Tx, input: { userId: number; sessionId: string }) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerSessionId, input.sessionId)))
    .for('update');
  if (!payment || payment.userId !== input.userId) throw notFound('Checkout session not found.');
  return payment;
}

/**
 * POST /api/sandbox/checkout/{sessionId}/promo: the pending payment repriced with the code,
 * replacing any code applied before. A refusal (unknown, other battle, expired, used up, a closed
 * session) changes nothing. No use is taken until Pay (takePromoUse).
 */
export async function applySandboxPromo(
  db: Db,
  input: { userId: number; sessionId: string; code: string; now: Date },
): Promise<Pick<SandboxSession, 'amountCents' | 'discountCents' | 'promoCode'>> {
  return db.transaction(async (tx) => {
    const payment = await lockSandboxPayment(tx, input);
    if (payment.status !== 'pending') throw conflict('This checkout session is already closed.');
    const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, input.code));
    if (!promo) throw notFound(PROMO_NOT_FOUND);
    if (promo.challengeId !== payment.challengeId) throw conflict(PROMO_OTHER_BATTLE);
    const refusal = await promoRefusal(tx, promo, input.now);
    if (refusal) throw refusal;
    const price = priceWith(payment, promo);
    await tx
      .update(payments)
      .set({ ...price, promoCodeId: promo.id, updatedAt: input.now })
      .where(eq(payments.id, payment.id));
    return { ...price, promoCode: promo.code };
  });
}

/**
 * At Pay, inside the transaction holding the payment's lock: the payment's code, locked, still
 * usable? Then null, and `commit` counts its use once the order is fulfilled. Else the code is
 * taken off the payment (back to the full price, still pending) and the answer says why: the
 * caller commits that and refuses the payment, so nothing is charged at a price that no longer holds.
 */
export async function takePromoUse(
  tx: Tx,
  payment: Payment,
  now: Date,
): Promise<{ refusal: AppError; commit?: never } | { refusal: null; commit: () => Promise<void> }> {
  const none = { refusal: null, commit: async () => {} };
  if (payment.promoCodeId === null) return none;
  const [promo] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.id, payment.promoCodeId))
    .for('update');
  if (!promo) return none;
  const refusal = await promoRefusal(tx, promo, now);
  if (refusal) {
    const full = priceWith(payment, null);
    await tx
      .update(payments)
      .set({ ...full, promoCodeId: null, updatedAt: now })
      .where(eq(payments.id, payment.id));
    const total = formatMoney(full.amountCents / 100, { currency: payment.currency, cents: true });
    return {
      refusal: conflict(
        `${refusal.message} It was taken off this order and nothing was charged: the total is now ${total}.`,
      ).writing(refusal.instants),
    };
  }
  return {
    refusal: null,
    commit: async () => {
      await tx
        .update(promoCodes)
        .set({ uses: promo.uses + 1 })
        .where(eq(promoCodes.id, promo.id));
    },
  };
}
