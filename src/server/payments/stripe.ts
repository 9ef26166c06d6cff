import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider, ProviderSession } from './provider.ts';
import { PaymentProviderError, WebhookSignatureError } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Only tests set these: the SDK then talks to a local stub instead of api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe Checkout through the official SDK (docs/RULES.md rule 6). */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    maxNetworkRetries: 2,
    appInfo: { name: 'Local Battles' },
  });

  return {
    name: 'stripe',

    async createCheckoutSession(request) {
      let customerId = request.customer.providerCustomerId;
      let newCustomerId: string | null = null;
      if (!customerId) {
        const customer = await call('customer creation', () =>
          stripe.customers.create({
            email: request.customer.email,
            ...(request.customer.name ? { name: request.customer.name } : {}),
            metadata: { userId: String(request.userId) },
          }),
        );
        customerId = newCustomerId = customer.id;
      }
      const metadata = { userId: String(request.userId), challengeId: String(request.challengeId) };
      const session = await call('checkout session creation', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer: customerId,
          client_reference_id: String(request.userId),
          metadata,
          payment_intent_data: { metadata },
          // Stripe's own promotion codes (docs/decisions/0044); the discount is read back from
          // the completed session (toProviderSession).
          allow_promotion_codes: true,
          line_items: [
            {
              quantity: request.quantity,
              price_data: {
                currency: request.currency,
                unit_amount: request.unitAmountCents,
                product_data: { name: request.productName },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url, newCustomerId };
    },

    async retrieveSession(sessionId) {
      try {
        return toProviderSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },

    async sessionIdForPayment(providerPaymentId) {
      const list = await stripe.checkout.sessions.list({
        payment_intent: providerPaymentId,
        limit: 1,
      });
      return list.data[0]?.id ?? null;
    },

    parseWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? '',
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return toPaymentEvent(event);
    },

    async refund(providerPaymentId, part) {
      // The idempotency key makes a retried refund (webhook redelivery, race) a no-op at Stripe.
      await call('refund', () =>
        stripe.refunds.create(
          part
            ? {
                payment_intent: providerPaymentId,
                amount: part.amountCents,
                reason: 'requested_by_customer',
              }
            : { payment_intent: providerPaymentId, reason: 'duplicate' },
          { idempotencyKey: part ? `refund-${part.key}` : `refund-${providerPaymentId}` },
        ),
      );
    },
  };
}

function providerError(what: string, error: unknown): unknown {
  return error instanceof Stripe.errors.StripeError
    ? new PaymentProviderError(`Stripe ${what} failed: ${error.message}`, { cause: error })
    : error;
}

/** SDK errors carry Stripe's HTTP status; they must not pass for the visitor's own 4xx. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(what, error);
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid',
    providerPaymentId: idOf(session.payment_intent),
    charged:
      session.amount_total === null
        ? null
        : {
            amountCents: session.amount_total,
            discountCents: session.total_details?.amount_discount ?? 0,
          },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = toProviderSession(event.data.object);
      return { ...base, kind: 'checkout_completed', ...session };
    }
    case 'checkout.session.expired':
      return { ...base, kind: 'checkout_expired', sessionId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent);
      // A partial refund leaves the purchase standing; only a full refund takes the pass back.
      if (!paymentIntent || !charge.refunded) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_reversed',
        providerPaymentId: paymentIntent,
        reason: 'refunded',
      };
    }
    case 'charge.dispute.created': {
      const paymentIntent = idOf(event.data.object.payment_intent);
      if (!paymentIntent) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_reversed',
        providerPaymentId: paymentIntent,
        reason: 'disputed',
      };
    }
    case 'charge.dispute.closed': {
      // Won: the money stays with the site, so the pass the dispute switched off works again.
      const dispute = event.data.object;
      const paymentIntent = idOf(dispute.payment_intent);
      if (!paymentIntent || dispute.status !== 'won') return { ...base, kind: 'ignored' };
      return { ...base, kind: 'dispute_won', providerPaymentId: paymentIntent };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}
