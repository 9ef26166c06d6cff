import { randomBytes } from 'node:crypto';
import { paths } from '#shared/paths.ts';
import type { PaymentProvider } from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

/**
 * The offline provider (docs/RULES.md rule 6): its "hosted checkout" is this site's own page at
 * /checkout/sandbox/:sessionId. No money moves, so the payments table is the only record: the
 * page's Pay button fulfils directly (as Stripe's webhook would), and there are no webhooks.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckoutSession(request) {
      const sessionId = `sbx_${randomBytes(18).toString('base64url')}`;
      // The page lives beside the return address, in its language: /es/checkout/sandbox/… for
      // /es/checkout (docs/decisions/0048-languages.md).
      const base = new URL('.', request.successUrl).href.replace(/\/$/, '');
      return {
        sessionId,
        url: `${base}${paths.sandboxCheckout(sessionId)}`,
        newCustomerId: null,
      };
    },
    // The sandbox page settles sessions itself; nothing is ever paid behind the site's back.
    async retrieveSession(sessionId) {
      return { sessionId, paid: false, providerPaymentId: null, charged: null };
    },
    async sessionIdForPayment() {
      return null;
    },
    parseWebhook() {
      throw new WebhookSignatureError('The sandbox payment provider sends no webhooks.');
    },
    // Nothing was charged, so there is nothing to give back.
    async refund() {},
  };
}
