import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '#server/app-deps.ts';
import { createStripeProvider } from '#server/payments/stripe.ts';
import { createTestContext, type TestContext } from './test-app.ts';

export const STUB_SECRET_KEY = 'sk_test_stub';
export const STUB_WEBHOOK_SECRET = 'whsec_stub_secret';

interface StubSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  currency: string;
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

export interface StubRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  /** Stripe's Idempotency-Key header, when the call carried one. */
  idempotencyKey: string | undefined;
}

/**
 * A local HTTP server that answers the Stripe API calls the app makes (customers, checkout
 * sessions, refunds) like api.stripe.com, so the Stripe path runs offline. Tests drive the
 * "customer" side with complete() and sign webhook payloads with signedWebhook().
 */
export async function startStripeStub() {
  const sessions = new Map<string, StubSession>();
  const requests: StubRequest[] = [];
  let sequence = 0;
  const behaviour = { failRefunds: false, failCheckout: false };
  const nextId = (prefix: string) => `${prefix}_${(sequence += 1).toString().padStart(6, '0')}`;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const form = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      const idempotencyKey = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        res.end(JSON.stringify(body));
      };
      const notFound = () =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such object',
          },
        });

      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, { id: nextId('cus'), object: 'customer', email: form.get('email') });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (behaviour.failCheckout) {
          return send(401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
          });
        }
        const id = nextId('cs_test');
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const session: StubSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total:
            Number(form.get('line_items[0][price_data][unit_amount]')) *
            Number(form.get('line_items[0][quantity]') ?? 1),
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          customer: form.get('customer') ?? '',
          client_reference_id: form.get('client_reference_id'),
          metadata,
          success_url: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', id),
          cancel_url: form.get('cancel_url') ?? '',
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const paymentIntent = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter((s) => s.payment_intent === paymentIntent);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sessionMatch?.[1]) {
        const session = sessions.get(sessionMatch[1]);
        return session ? send(200, session) : notFound();
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (behaviour.failRefunds) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Refunds are failing in this test' },
          });
        }
        return send(200, {
          id: nextId('re'),
          object: 'refund',
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        });
      }
      return notFound();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe(STUB_SECRET_KEY);

  return {
    port,
    sessions,
    requests,
    /** Switches for failure paths (e.g. a refund Stripe refuses). */
    behaviour,
    provider: () =>
      createStripeProvider({
        secretKey: STUB_SECRET_KEY,
        webhookSecret: STUB_WEBHOOK_SECRET,
        api: { host: '127.0.0.1', port, protocol: 'http' },
      }),
    /** The customer pays on Stripe's page, with `discountCents` off from a promotion code. */
    complete(sessionId: string, { discountCents = 0 }: { discountCents?: number } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no stub session ${sessionId}`);
      session.total_details.amount_discount = discountCents;
      session.amount_total -= discountCents;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${sessionId}`;
      return session;
    },
    refunds: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    /** A webhook body and its Stripe-Signature header, as Stripe would send them. */
    signedWebhook(
      event: { id: string; type: string; object: unknown },
      options: { secret?: string; timestamp?: number } = {},
    ) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        type: event.type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: event.object },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STUB_WEBHOOK_SECRET,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { payload, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStub = Awaited<ReturnType<typeof startStripeStub>>;

/**
 * As useTestApp, with payments through the official SDK to a Stripe stub of the file's own: both
 * are started before the file's tests and closed after. Read their fields inside tests and hooks.
 */
export function useStripeTestApp(config: Partial<AppConfig> = {}): {
  ctx: TestContext;
  stub: StripeStub;
} {
  const stub = {} as StripeStub;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(stub, await startStripeStub());
    Object.assign(ctx, await createTestContext(config, { payments: stub.provider() }));
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });
  return { ctx, stub };
}
