import { z } from 'zod';
import { LANGUAGE_CODE } from './languages.ts';

/**
 * Passes for other people (docs/RULES.md rule 24, docs/decisions/0044): the claims an order or a
 * transfer makes, and how a member manages and takes them.
 */

/** The most passes one checkout may buy, whatever a battle allows. */
export const MAX_PASSES_PER_ORDER = 10;

/** POST /api/create-checkout-session's optional body: today's empty body buys one pass for oneself. */
export const checkoutRequestSchema = z.object({
  quantity: z
    .number({ error: 'Quantity must be a whole number from 1 to 10.' })
    .int('Quantity must be a whole number from 1 to 10.')
    .min(1, 'Quantity must be a whole number from 1 to 10.')
    .max(MAX_PASSES_PER_ORDER, 'Quantity must be a whole number from 1 to 10.')
    .optional(),
  gift: z.boolean({ error: 'Gift must be true or false.' }).optional(),
  /** The buying page's language: the payment page returns to /checkout in it (ADR 0048). */
  language: z
    .string({ error: 'Language must be a language code.' })
    .regex(LANGUAGE_CODE, 'Language must be a language code.')
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const claimStatusSchema = z.enum(['open', 'claimed', 'refunded']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** GET /api/user/claims: one pass the member bought or transferred for someone else. */
export const claimSchema = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  status: claimStatusSchema,
  claimedBy: z.object({ username: z.string() }).optional(),
  sentTo: z.string().optional(),
  createdAt: z.string(),
  /** An order's pass nobody took yet: POST /api/user/claims/{id}/refund gives its price back. */
  refundable: z.boolean(),
});
export type ClaimDto = z.infer<typeof claimSchema>;
export const claimListSchema = z.array(claimSchema);

export const claimParamsSchema = z.object({
  id: z.coerce.number().int().positive('Claim not found.'),
});

/** POST /api/user/claims/{id}/link: a fresh link; the one before stops working. */
export const claimLinkSchema = z.object({ url: z.string() });

/** The most a gift note may say. */
export const GIFT_NOTE_MAX = 500;

/** POST /api/user/claims/{id}/send. */
export const sendClaimSchema = z.object({
  email: z.email('Please enter a valid email address.').max(254),
  note: z
    .string()
    .trim()
    .max(GIFT_NOTE_MAX, `A gift note can be at most ${GIFT_NOTE_MAX} characters.`)
    .optional(),
  sendAt: z.iso.datetime({ offset: true, error: 'Send date must be a date and time.' }).optional(),
});
export type SendClaimRequest = z.infer<typeof sendClaimSchema>;

/** A claim link's token: 43 URL-safe characters (32 random bytes). */
export const claimTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This pass link is not valid or was already used.');

/** POST /api/claims/redeem. */
export const redeemClaimSchema = z.object({ token: claimTokenSchema });

export const CLAIM_NOT_FOUND = 'This pass link is not valid or was already used.';
export const CLAIM_PASS_HELD =
  'You already have a battle pass for this battle, so this one stays open for someone else.';
export const TRANSFER_USED =
  'This pass has been used (a coupon redeemed or a vote cast), so it can no longer be given away.';

/** POST /api/user/claims/{id}/refund: what was given back for the pass. */
export const claimRefundSchema = z.object({ refundedCents: z.number().int() });
export type ClaimRefund = z.infer<typeof claimRefundSchema>;

export const CLAIM_GIVEN_AWAY_NOT_REFUNDED =
  'A pass you gave away is not refunded: send its link to someone else, or take it back yourself.';
export const CLAIM_NO_LONGER_OPEN = 'This pass was already taken or refunded.';
export const CLAIM_ORDER_REVERSED =
  'This order was refunded or disputed, so nothing is left to refund.';
