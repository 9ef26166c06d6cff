import { z } from 'zod';
import { publicBusinessSchema } from './businesses.ts';
import { REDEMPTION_CODE_PATTERN } from './constants.ts';
import { errorBodySchema } from './errors.ts';

/** A coupon as its holder sees it: the shop and whether it was used, never the shop's code (docs/RULES.md rule 3). */
export const couponSchema = z.object({
  id: z.number().int(),
  passId: z.number().int(),
  businessId: z.number().int(),
  redeemed: z.boolean(),
  redeemedAt: z.string().nullable(),
  /** An offline redemption (docs/decisions/0042): when the code was typed; null when made online. */
  enteredAt: z.string().nullable(),
  /** When the server accepted that offline redemption; null when made online. */
  syncedAt: z.string().nullable(),
  business: publicBusinessSchema,
});
export type CouponDto = z.infer<typeof couponSchema>;

export const INVALID_REDEMPTION_CODE = 'Invalid redemption code';

/** An offline redemption's nonce: the phone's crypto.randomUUID(), or any id of this shape. */
export const NONCE_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The code the cashier gives: exactly four digits (docs/SPEC.md section 5). */
export const redemptionCodeSchema = z
  .string({ error: 'Redemption code is required' })
  .trim()
  .regex(REDEMPTION_CODE_PATTERN, 'Redemption code must be exactly 4 digits');

export const redeemBodySchema = z
  .object({
    redemptionCode: redemptionCodeSchema,
    /** The answer to 'First time at {shop}?'; optional, it never blocks a redemption. */
    firstVisit: z.boolean({ error: 'First visit must be true or false' }).optional(),
    /**
     * docs/decisions/0042: set, this is an offline redemption, the instant the member typed the
     * code on a phone without signal; the code is judged at that instant.
     */
    enteredAt: z.iso
      .datetime({ offset: true, error: 'Entered at must be a date and time' })
      .optional(),
    /** The phone's id for an offline redemption: sent again, it gets the first answer again. */
    nonce: z
      .string({ error: 'Nonce must be text' })
      .regex(NONCE_PATTERN, 'Nonce must be 8 to 64 letters, digits or dashes')
      .optional(),
  })
  .refine((body) => body.nonce === undefined || body.enteredAt !== undefined, {
    message: 'A nonce is only sent with enteredAt, for an offline redemption',
    path: ['nonce'],
  });
export type RedeemBody = z.infer<typeof redeemBodySchema>;

/**
 * A refused redemption: the error body every API error has (`message`, for a wrong code the
 * spec's 'Invalid redemption code'), and after a wrong code `triesLeft`, the wrong codes the pass
 * may still give before the lock (docs/RULES.md rule 3), so the dialog can say so.
 */
export const redeemRefusalSchema = errorBodySchema.extend({
  triesLeft: z.number().int().min(0).optional(),
});
export type RedeemRefusal = z.infer<typeof redeemRefusalSchema>;

export const redeemResultSchema = z.object({
  message: z.string(),
  coupon: couponSchema,
  /** Votes the pass may still cast, counting the one this coupon earned. */
  availableVotes: z.number().int(),
  /** Whether this was an offline redemption, counted now (docs/decisions/0042). */
  offline: z.boolean(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
