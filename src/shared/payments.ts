import { z } from 'zod';

/**
 * A payment's receipt number as the receipt email states it ('LB-000042'): the payment's own id,
 * so the organizer finds the payment a member quotes.
 */
export function receiptNumber(paymentId: number): string {
  return `LB-${String(paymentId).padStart(6, '0')}`;
}

/** POST /api/create-checkout-session: where to send the browser (Stripe Checkout or the sandbox page). */
export const checkoutSessionSchema = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** A Stripe Checkout session id (cs_test_…, cs_live_…) or a sandbox one (sbx_…). */
export const verifyCheckoutQuerySchema = z.object({
  session_id: z
    .string()
    .trim()
    .min(1, 'session_id is required')
    .regex(/^(cs_(test|live)_[A-Za-z0-9]{1,200}|sbx_[A-Za-z0-9_-]{10,64})$/, 'Invalid session_id'),
});

/** GET /api/verify-checkout (docs/SPEC.md section 4). */
export const verifyCheckoutSchema = z.object({
  success: z.boolean(),
  requiresRegistration: z.boolean(),
  /** In the request's language: the page tells one pass for oneself by `passesToGive`, not by these words. */
  message: z.string(),
  /** The passes of a fulfilled order that are for other people (docs/RULES.md rule 24); else 0. */
  passesToGive: z.number().int().nonnegative(),
});
export type VerifyCheckoutResult = z.infer<typeof verifyCheckoutSchema>;

/** Why a sandbox payment may be declined; shown on /checkout with underscores as spaces. */
export const SANDBOX_DECLINE_REASONS = [
  'Card_declined',
  'Insufficient_funds',
  'Expired_card',
  'Processing_error',
] as const;
export type SandboxDeclineReason = (typeof SANDBOX_DECLINE_REASONS)[number];

export const sandboxSessionParamsSchema = z.object({
  sessionId: z.string().regex(/^sbx_[A-Za-z0-9_-]{10,64}$/, 'Invalid checkout session'),
});

/** What the sandbox payment page shows. */
export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  description: z.string(),
  /** The battle and the number of passes `description` names, for the page to say in its language. */
  battleTitle: z.string(),
  quantity: z.number().int().positive(),
  /** What Pay charges: the price × quantity less `discountCents`. */
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  /** The promo code applied, if any. */
  promoCode: z.string().nullable(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'declined', 'cancelled', 'expired', 'refunded', 'disputed']),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pay') }),
  z.object({ action: z.literal('decline'), reason: z.enum(SANDBOX_DECLINE_REASONS) }),
  z.object({ action: z.literal('cancel') }),
]);
export type SandboxAction = z.infer<typeof sandboxActionSchema>;

/** Where the sandbox page sends the browser next: back to /checkout?status=… */
export const sandboxOutcomeSchema = z.object({ redirectUrl: z.string() });
export type SandboxOutcome = z.infer<typeof sandboxOutcomeSchema>;
