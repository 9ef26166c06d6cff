import { z } from 'zod';

/**
 * Promo codes for the sandbox checkout (docs/RULES.md rule 24, docs/decisions/0044): the
 * organizer's percent or amount off a battle's orders, applied on the sandbox payment page before
 * Pay. Stripe mode takes Stripe's own promotion codes on its Checkout page. Codes are compared in
 * capitals, so a code typed in lower case still works.
 */

const PROMO_CODE_MESSAGE =
  'A promo code has 4 to 32 letters, digits or dashes (for example SPRING-20).';
const promoCodeTextSchema = z
  .string({ error: PROMO_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,32}$/, PROMO_CODE_MESSAGE);

const PROMO_MAX_USES = 100_000;
const maxUsesMessage = `Max uses must be a whole number from 1 to ${PROMO_MAX_USES}.`;
const percentMessage = 'Percent off must be a whole number from 1 to 100.';
const amountMessage = 'Amount off must be a whole number of cents, at least 1.';
export const PROMO_ONE_DISCOUNT = 'Give exactly one of percent off or amount off.';

/** POST /api/admin/challenges/{id}/promo-codes. */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeTextSchema,
    percentOff: z
      .number({ error: percentMessage })
      .int(percentMessage)
      .min(1, percentMessage)
      .max(100, percentMessage)
      .optional(),
    amountOffCents: z
      .number({ error: amountMessage })
      .int(amountMessage)
      .min(1, amountMessage)
      .max(10_000_000, amountMessage)
      .optional(),
    maxUses: z
      .number({ error: maxUsesMessage })
      .int(maxUsesMessage)
      .min(1, maxUsesMessage)
      .max(PROMO_MAX_USES, maxUsesMessage)
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Expiry must be a date and time.' })
      .optional(),
  })
  .refine((input) => (input.percentOff === undefined) !== (input.amountOffCents === undefined), {
    message: PROMO_ONE_DISCOUNT,
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

/** A promo code as the organizer sees it, with how many paid orders carried it. */
export const promoCodeSchema = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PromoCodeDto = z.infer<typeof promoCodeSchema>;
export const promoCodeListSchema = z.array(promoCodeSchema);

/** POST /api/sandbox/checkout/{sessionId}/promo. */
export const applyPromoSchema = z.object({ code: promoCodeTextSchema });

export const PROMO_NOT_FOUND = 'This promo code is not valid. Check it and try again.';
export const PROMO_USED_UP = 'This promo code has been used as many times as it allows.';
export const PROMO_OTHER_BATTLE = 'This promo code is for another battle.';
export const PROMO_CODE_TAKEN = 'A promo code with this code already exists. Choose another code.';
