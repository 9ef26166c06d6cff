import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkData } from '#server/backups/check-data.ts';
import {
  businesses,
  mailOutbox,
  passes,
  payments,
  users,
  votes,
  webhookEvents,
  type Business,
  type Challenge,
} from '#server/db/schema.ts';
import { useStripeTestApp } from '#tests/helpers/stripe-stub.ts';
import { signedInMember, TestClient } from '#tests/helpers/test-app.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';

const { ctx, stub } = useStripeTestApp({ testToolsEnabled: false });
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { price: 25 },
  }));
});

let eventSequence = 0;
const nextEventId = () =>
  `evt_test_${(eventSequence += 1)}_${Math.random().toString(36).slice(2, 8)}`;

function postWebhook(signed: { payload: string; header: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: signed.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
  });
}

function completedEvent(sessionId: string, id = nextEventId()) {
  return stub.signedWebhook({
    id,
    type: 'checkout.session.completed',
    object: stub.sessions.get(sessionId),
  });
}

function chargeRefunded(paymentIntent: string, full = true) {
  return stub.signedWebhook({
    id: nextEventId(),
    type: 'charge.refunded',
    object: {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      payment_intent: paymentIntent,
      refunded: full,
      amount: 2500,
      amount_refunded: full ? 2500 : 500,
    },
  });
}

/** Registration is rate limited per address: a fresh app instance (same database) every few buyers. */
let buyers = 0;
let buyerApp: FastifyInstance | undefined;
async function buyer() {
  if (!buyerApp || buyers++ % 5 === 4) buyerApp = await ctx.buildApp();
  const member = await signedInMember(buyerApp);
  const response = await member.client.post('/api/create-checkout-session', {
    price: 1,
    challengeId: 12345,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  const sessionId = url.split('/').at(-1)!;
  return { ...member, url, sessionId };
}

async function passOf(userId: number) {
  const rows = await ctx.db.select().from(passes).where(eq(passes.userId, userId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ?? null;
}

describe('Stripe checkout (offline, against the stub)', () => {
  it('creates a Checkout session priced by the challenge for the member, with a linked customer', async () => {
    const { user, url, sessionId } = await buyer();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const request = stub.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')
      .at(-1)!;
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(request.form.get('client_reference_id')).toBe(String(user.id));
    expect(request.form.get('metadata[challengeId]')).toBe(String(challenge.id));
    expect(request.form.get('success_url')).toBe(
      'http://localhost/checkout?status=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(request.form.get('cancel_url')).toBe('http://localhost/checkout?status=cancelled');
    expect(request.form.get('allow_promotion_codes')).toBe('true');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeCustomerId).toMatch(/^cus_/);
    expect(request.form.get('customer')).toBe(row!.stripeCustomerId);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      amountCents: 2500,
      status: 'pending',
      challengeId: challenge.id,
    });
  });

  it('sells an order of several as one line of that quantity at the pass price (docs/RULES.md rule 24)', async () => {
    const { client } = await signedInMember(await ctx.buildApp());
    const response = await client.post('/api/create-checkout-session', { quantity: 3, gift: true });
    expect(response.statusCode, response.body).toBe(200);
    const request = stub.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')
      .at(-1)!;
    expect(request.form.get('line_items[0][quantity]')).toBe('3');
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    const sessionId = response.json<{ url: string }>().url.split('/').at(-1)!;
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ amountCents: 7500, quantity: 3, gift: true });
  });

  it('refunds one unclaimed pass of an order as a partial refund of its price, once (docs/decisions/0044)', async () => {
    const { client } = await signedInMember(await ctx.buildApp());
    const response = await client.post('/api/create-checkout-session', { quantity: 3, gift: true });
    const sessionId = response.json<{ url: string }>().url.split('/').at(-1)!;
    stub.complete(sessionId);
    await postWebhook(completedEvent(sessionId));
    const [claim] = (await client.get('/api/user/claims')).json<{ id: number }[]>();
    const refundsBefore = stub.refunds().length;
    const refunded = await client.post(`/api/user/claims/${claim!.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(stub.refunds()).toHaveLength(refundsBefore + 1);
    const request = stub.refunds().at(-1)!;
    expect(request.form.get('payment_intent')).toBe(`pi_${sessionId}`);
    expect(request.form.get('amount')).toBe('2500');
    expect(request.idempotencyKey).toBe(`refund-claim-${String(claim!.id)}`);
    // Stripe's own event for a partial refund leaves the order standing.
    await postWebhook(chargeRefunded(`pi_${sessionId}`, false));
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'paid', refundedCents: 2500 });
    expect((await client.post(`/api/user/claims/${claim!.id}/refund`)).statusCode).toBe(409);
    expect(stub.refunds()).toHaveLength(refundsBefore + 1);
  });

  it("a Stripe failure at checkout is our fault (500), never the visitor's 401, and records nothing", async () => {
    const { client, user } = await signedInMember(await ctx.buildApp());
    stub.behaviour.failCheckout = true;
    try {
      const response = await client.post('/api/create-checkout-session');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      stub.behaviour.failCheckout = false;
    }
    expect(await ctx.db.$count(payments, eq(payments.userId, user.id))).toBe(0);
  });

  it('refuses a webhook with a bad or stale signature and changes nothing', async () => {
    const { user, sessionId } = await buyer();
    stub.complete(sessionId);
    const forged = stub.signedWebhook(
      {
        id: nextEventId(),
        type: 'checkout.session.completed',
        object: stub.sessions.get(sessionId),
      },
      { secret: 'whsec_wrong' },
    );
    const stale = stub.signedWebhook(
      {
        id: nextEventId(),
        type: 'checkout.session.completed',
        object: stub.sessions.get(sessionId),
      },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    const good = completedEvent(sessionId);
    const tampered = { payload: good.payload.replace('"paid"', '"PAID"'), header: good.header };
    const eventsBefore = await ctx.db.$count(webhookEvents);
    for (const signed of [forged, stale, tampered, { payload: good.payload, header: '' }]) {
      const response = await postWebhook(signed);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    expect(await ctx.db.$count(webhookEvents)).toBe(eventsBefore);
    expect(await passOf(user.id)).toBeNull();
  });

  it('fulfils on checkout.session.completed, once, however often the event is delivered', async () => {
    const { client, user, sessionId } = await buyer();
    stub.complete(sessionId);
    const event = completedEvent(sessionId);
    // Stripe sends a charset parameter; the raw bytes must still reach the signature check.
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: event.payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': event.header,
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await postWebhook(event)).statusCode).toBe(200);
    expect((await postWebhook(completedEvent(sessionId))).statusCode).toBe(200);
    const pass = await passOf(user.id);
    expect(pass).toMatchObject({ active: true });
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'paid', providerPaymentId: `pi_${sessionId}` });
    expect(pass!.paymentId).toBe(payment!.id);
    expect((await client.get(`/api/verify-checkout?session_id=${sessionId}`)).json()).toMatchObject(
      { success: true },
    );
  });

  it('the success page fulfils when the webhook has not arrived; unpaid sessions stay pending', async () => {
    const { client, user, sessionId } = await buyer();
    const early = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(early.json()).toMatchObject({ success: false, requiresRegistration: false });
    stub.complete(sessionId);
    const verified = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(verified.json()).toEqual({
      success: true,
      requiresRegistration: false,
      message: 'Your battle pass has been activated!',
      passesToGive: 0,
    });
    expect(await passOf(user.id)).not.toBeNull();
  });

  it('records a Stripe promotion code’s discount from the session, success page or webhook first (docs/decisions/0044)', async () => {
    const paymentOf = async (sessionId: string) =>
      (await ctx.db.select().from(payments).where(eq(payments.providerSessionId, sessionId)))[0];
    const viaPage = await buyer();
    stub.complete(viaPage.sessionId, { discountCents: 500 });
    const verified = await viaPage.client.get(
      `/api/verify-checkout?session_id=${viaPage.sessionId}`,
    );
    expect(verified.json()).toMatchObject({ success: true });
    expect(await paymentOf(viaPage.sessionId)).toMatchObject({
      status: 'paid',
      amountCents: 2000,
      discountCents: 500,
      promoCodeId: null,
    });
    const [receipt] = await ctx.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .innerJoin(users, eq(users.email, mailOutbox.toAddress))
      .where(and(eq(users.id, viaPage.user.id), like(mailOutbox.subject, '%receipt')));
    expect(receipt?.text).toContain('Price paid: $20.00');
    expect(receipt?.text).toContain('Promo code discount: $5.00 off the full price');

    const viaWebhook = await buyer();
    stub.complete(viaWebhook.sessionId, { discountCents: 2500 });
    expect((await postWebhook(completedEvent(viaWebhook.sessionId))).statusCode).toBe(200);
    expect(await paymentOf(viaWebhook.sessionId)).toMatchObject({
      status: 'paid',
      amountCents: 0,
      discountCents: 2500,
    });
    // The success page afterwards changes nothing.
    await viaWebhook.client.get(`/api/verify-checkout?session_id=${viaWebhook.sessionId}`);
    expect(await paymentOf(viaWebhook.sessionId)).toMatchObject({
      amountCents: 0,
      discountCents: 2500,
    });
    expect(await passOf(viaWebhook.user.id)).toMatchObject({ active: true });
    expect((await checkData(ctx.db)).problems).toEqual([]);
  });

  it('success page and webhook racing, ten at once: exactly one pass', async () => {
    const { client, user, sessionId } = await buyer();
    const refundsBefore = stub.refunds().length;
    stub.complete(sessionId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? client.get(`/api/verify-checkout?session_id=${sessionId}`)
          : postWebhook(completedEvent(sessionId)),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await ctx.db.$count(passes, eq(passes.userId, user.id))).toBe(1);
    expect(stub.refunds()).toHaveLength(refundsBefore);
  });

  it('refunds a second payment for a pass already held and keeps the first pass', async () => {
    const { client, user } = await buyer();
    // Two tabs opened checkout before either paid.
    const second = await client.post('/api/create-checkout-session');
    const secondId = second.json<{ url: string }>().url.split('/').at(-1)!;
    const firstId = (await ctx.db.select().from(payments).where(eq(payments.userId, user.id)))
      .map((p) => p.providerSessionId)
      .find((id) => id !== secondId)!;
    stub.complete(firstId);
    stub.complete(secondId);
    await postWebhook(completedEvent(firstId));
    const refundsBefore = stub.refunds().length;
    expect((await postWebhook(completedEvent(secondId))).statusCode).toBe(200);
    expect(stub.refunds()).toHaveLength(refundsBefore + 1);
    expect(stub.refunds().at(-1)!.form.get('payment_intent')).toBe(`pi_${secondId}`);
    const [duplicate] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, secondId));
    expect(duplicate!.status).toBe('refunded');
    expect((await client.get(`/api/verify-checkout?session_id=${secondId}`)).json()).toMatchObject({
      success: false,
      message: 'You already had a battle pass, so this payment was refunded.',
    });

    // Stripe then reports that refund: the pass bought by the first payment stays active.
    await postWebhook(chargeRefunded(`pi_${secondId}`));
    expect(await passOf(user.id)).toMatchObject({ active: true });
  });

  it('two payments of one member completing at once: one pass, the other payment refunded', async () => {
    const { client, user, sessionId: firstId } = await buyer();
    const second = await client.post('/api/create-checkout-session');
    const secondId = second.json<{ url: string }>().url.split('/').at(-1)!;
    stub.complete(firstId);
    stub.complete(secondId);
    const refundsBefore = stub.refunds().length;
    const responses = await Promise.all([
      postWebhook(completedEvent(firstId)),
      postWebhook(completedEvent(secondId)),
      client.get(`/api/verify-checkout?session_id=${firstId}`),
      client.get(`/api/verify-checkout?session_id=${secondId}`),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await ctx.db.$count(passes, eq(passes.userId, user.id))).toBe(1);
    expect(stub.refunds()).toHaveLength(refundsBefore + 1);
    const statuses = (await ctx.db.select().from(payments).where(eq(payments.userId, user.id))).map(
      (p) => p.status,
    );
    expect(statuses.sort()).toEqual(['paid', 'refunded']);
  });

  it('a refund Stripe refuses leaves the duplicate payment unrecorded, so the redelivery retries it', async () => {
    const { client, user, sessionId: firstId } = await buyer();
    const second = await client.post('/api/create-checkout-session');
    const secondId = second.json<{ url: string }>().url.split('/').at(-1)!;
    stub.complete(firstId);
    stub.complete(secondId);
    await postWebhook(completedEvent(firstId));
    const duplicate = completedEvent(secondId);
    stub.behaviour.failRefunds = true;
    try {
      expect((await postWebhook(duplicate)).statusCode).toBe(500);
    } finally {
      stub.behaviour.failRefunds = false;
    }
    const [pending] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, secondId));
    expect(pending!.status).toBe('pending');
    expect((await postWebhook(duplicate)).statusCode).toBe(200);
    const [refunded] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, secondId));
    expect(refunded!.status).toBe('refunded');
    expect(await ctx.db.$count(passes, eq(passes.userId, user.id))).toBe(1);
  });

  it('closes the pending payment when the session expires', async () => {
    const { sessionId } = await buyer();
    const expired = stub.signedWebhook({
      id: nextEventId(),
      type: 'checkout.session.expired',
      object: { ...stub.sessions.get(sessionId), status: 'expired' },
    });
    expect((await postWebhook(expired)).statusCode).toBe(200);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment!.status).toBe('expired');
  });

  it('a full refund makes the pass inactive, takes its votes out of the totals, and the member sees why', async () => {
    const { client, user, sessionId } = await buyer();
    stub.complete(sessionId);
    await postWebhook(completedEvent(sessionId));
    const pass = (await passOf(user.id))!;
    const [shopA, shopB] = shops as [Business, Business];
    await ctx.db.insert(votes).values([
      { passId: pass.id, businessId: shopA.id },
      { passId: pass.id, businessId: shopA.id },
      { passId: pass.id, businessId: shopB.id },
    ]);
    await ctx.db
      .update(businesses)
      .set({ voteCount: sql`${businesses.voteCount} + 2` })
      .where(eq(businesses.id, shopA.id));
    await ctx.db
      .update(businesses)
      .set({ voteCount: sql`${businesses.voteCount} + 4` })
      .where(eq(businesses.id, shopB.id));

    await postWebhook(chargeRefunded(`pi_${sessionId}`, false));
    expect(await passOf(user.id)).toMatchObject({ active: true });

    const refund = chargeRefunded(`pi_${sessionId}`);
    expect((await postWebhook(refund)).statusCode).toBe(200);
    expect((await postWebhook(refund)).statusCode).toBe(200);
    expect(await passOf(user.id)).toMatchObject({
      active: false,
      inactiveReason: 'Your payment was refunded, so this pass is no longer active.',
    });
    const counts = await ctx.db
      .select()
      .from(businesses)
      .where(eq(businesses.challengeId, challenge.id));
    expect(counts.find((b) => b.id === shopA.id)!.voteCount).toBe(0);
    expect(counts.find((b) => b.id === shopB.id)!.voteCount).toBe(3);
    expect((await client.get('/api/user/pass')).json()).toMatchObject({
      active: false,
      inactiveReason: 'Your payment was refunded, so this pass is no longer active.',
    });
    // A later dispute on the same payment takes nothing away twice.
    await postWebhook(
      stub.signedWebhook({
        id: nextEventId(),
        type: 'charge.dispute.created',
        object: {
          id: 'dp_1',
          object: 'dispute',
          charge: `ch_pi_${sessionId}`,
          payment_intent: `pi_${sessionId}`,
        },
      }),
    );
    const after = await ctx.db.select().from(businesses).where(eq(businesses.id, shopB.id));
    expect(after[0]!.voteCount).toBe(3);
  });

  it('a full refund of a pass given away and not yet taken switches it off and ends its claim', async () => {
    const { client, user, sessionId } = await buyer();
    stub.complete(sessionId);
    await postWebhook(completedEvent(sessionId));
    const pass = (await passOf(user.id))!;
    const given = await client.post('/api/user/pass/transfer');
    expect(given.statusCode, given.body).toBe(201);

    // Nobody holds the pass to be told: the refund is still handled, not retried for ever.
    expect((await postWebhook(chargeRefunded(`pi_${sessionId}`))).statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(passes).where(eq(passes.id, pass.id));
    expect(stored).toMatchObject({ userId: null, active: false });
    expect((await client.get('/api/user/claims')).json()).toMatchObject([
      { id: given.json<{ id: number }>().id, status: 'refunded', refundable: false },
    ]);
  });

  it('an opened dispute makes the pass inactive', async () => {
    const { user, sessionId } = await buyer();
    stub.complete(sessionId);
    await postWebhook(completedEvent(sessionId));
    await postWebhook(
      stub.signedWebhook({
        id: nextEventId(),
        type: 'charge.dispute.created',
        object: {
          id: 'dp_2',
          object: 'dispute',
          charge: `ch_pi_${sessionId}`,
          payment_intent: `pi_${sessionId}`,
        },
      }),
    );
    expect(await passOf(user.id)).toMatchObject({
      active: false,
      inactiveReason:
        'Your payment is disputed with your card issuer, so this pass is no longer active.',
    });
  });

  it('a refund arriving before the completion event ends with no pass', async () => {
    const { client, user, sessionId } = await buyer();
    stub.complete(sessionId);
    expect((await postWebhook(chargeRefunded(`pi_${sessionId}`))).statusCode).toBe(200);
    expect((await postWebhook(completedEvent(sessionId))).statusCode).toBe(200);
    expect(await passOf(user.id)).toBeNull();
    expect((await client.get(`/api/verify-checkout?session_id=${sessionId}`)).json()).toMatchObject(
      { success: false },
    );
    expect(await passOf(user.id)).toBeNull();
  });

  it('ignores events for sessions it never created and events it does not handle', async () => {
    const stranger = stub.signedWebhook({
      id: nextEventId(),
      type: 'checkout.session.completed',
      object: {
        id: 'cs_unknown',
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_unknown',
      },
    });
    expect((await postWebhook(stranger)).statusCode).toBe(200);
    const other = stub.signedWebhook({
      id: nextEventId(),
      type: 'customer.created',
      object: { id: 'cus_1' },
    });
    expect((await postWebhook(other)).statusCode).toBe(200);
  });

  it('verify answers 404 for a session that is not the caller’s, and the test-pass tool is off', async () => {
    const { sessionId } = await buyer();
    const other = await signedInMember(await ctx.buildApp());
    expect(
      (await other.client.get(`/api/verify-checkout?session_id=${sessionId}`)).statusCode,
    ).toBe(404);
    expect((await other.client.post('/api/testing/create-pass')).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get('/api/config')).json()).toMatchObject({
      paymentMode: 'stripe',
    });
  });
});
