/**
 * What the payment domain needs from a payment provider. Two implementations: Stripe Checkout
 * (stripe.ts) and the offline sandbox (sandbox.ts); main.ts picks one at start, tests inject one.
 */
export type ProviderName = 'stripe' | 'sandbox';

export interface CheckoutSessionRequest {
  /** The order's total: `unitAmountCents` × `quantity` (docs/RULES.md rule 24). */
  amountCents: number;
  unitAmountCents: number;
  quantity: number;
  currency: string;
  productName: string;
  userId: number;
  challengeId: number;
  customer: { email: string; name: string | null; providerCustomerId: string | null };
  /** May contain {CHECKOUT_SESSION_ID}, which the provider replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckoutSession {
  sessionId: string;
  url: string;
  /** The provider's customer for this member when one was created now (stored on the user). */
  newCustomerId: string | null;
}

/** What a provider charged for a session: its total, and the promotion code's discount in it. */
export interface Charged {
  amountCents: number;
  discountCents: number;
}

export interface ProviderSession {
  sessionId: string;
  paid: boolean;
  /** The provider's id of the money movement (Stripe PaymentIntent), once there is one. */
  providerPaymentId: string | null;
  /** Stripe's `amount_total` and `total_details.amount_discount`; null where the site sets both. */
  charged: Charged | null;
}

/** Webhook events reduced to what the payment domain acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: string;
      kind: 'checkout_completed';
      sessionId: string;
      paid: boolean;
      providerPaymentId: string | null;
      charged: Charged | null;
    }
  | { id: string; type: string; kind: 'checkout_expired'; sessionId: string }
  | {
      id: string;
      type: string;
      kind: 'payment_reversed';
      providerPaymentId: string;
      reason: 'refunded' | 'disputed';
    }
  | { id: string; type: string; kind: 'dispute_won'; providerPaymentId: string }
  | { id: string; type: string; kind: 'ignored' };

export class WebhookSignatureError extends Error {}

/**
 * The provider failed or refused a call. Deliberately without an HTTP status: it is our fault or
 * theirs, never the visitor's, so it answers 500 (logged), and a webhook is then redelivered.
 */
export class PaymentProviderError extends Error {}

/** A refund of part of an order (docs/decisions/0044): one unclaimed pass. */
export interface PartialRefund {
  amountCents: number;
  /** What is refunded, unique across the site (e.g. the claim's id): retried, it refunds once. */
  key: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CreatedCheckoutSession>;
  /** The provider's view of a session; null when it does not know the id. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** The checkout session a payment belongs to, for events that name only the payment. */
  sessionIdForPayment(providerPaymentId: string): Promise<string | null>;
  /** Verifies the signature on the raw body; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Gives the whole amount back, or with `part` that amount for one pass of the order; safe to
   * call twice for one payment, or one `part.key`.
   */
  refund(providerPaymentId: string, part?: PartialRefund): Promise<void>;
}
