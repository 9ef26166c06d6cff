import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, payments } from '#server/db/schema.ts';
import { useStripeTestApp } from '#tests/helpers/stripe-stub.ts';
import { deliverMail, mailboxOf } from '#tests/helpers/mail.ts';
import { signedInMember, TestClient } from '#tests/helpers/test-app.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';

const { ctx, stub } = useStripeTestApp({
  testToolsEnabled: true,
  contactEmail: 'help@coffee-battle.example',
});

let battleEnd: Date;

beforeAll(async () => {
  const { challenge } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: {
      title: 'Mail Coffee Battle',
      price: 25,
      // Fourteen hours ahead of UTC: most of the day, the receipt's date is not the UTC one.
      timeZone: 'Pacific/Kiritimati',
    },
    shops: [
      { name: 'Bean There', position: 1 },
      { name: 'Brew Haven', position: 0 },
      { name: 'Closed Cafe', position: 0, deletedAt: new Date() },
    ],
  });
  battleEnd = challenge.endDate;
});

let eventSequence = 0;
const webhook = (type: string, object: unknown) => {
  const signed = stub.signedWebhook({ id: `evt_mail_${(eventSequence += 1)}`, type, object });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: signed.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
  });
};
const completed = (sessionId: string) =>
  webhook('checkout.session.completed', stub.sessions.get(sessionId));
const refunded = (sessionId: string) =>
  webhook('charge.refunded', {
    id: `ch_pi_${sessionId}`,
    object: 'charge',
    payment_intent: `pi_${sessionId}`,
    refunded: true,
    amount: 2500,
    amount_refunded: 2500,
  });

/** A member who has paid at Stripe; the pass is not issued yet. */
async function paidBuyer() {
  const member = await signedInMember(await ctx.buildApp());
  const response = await member.client.post('/api/create-checkout-session');
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = response.json<{ url: string }>().url.split('/').at(-1)!;
  stub.complete(sessionId);
  return { ...member, email: `${member.user.username}@example.com`, sessionId };
}

const subjects = async (email: string) => {
  await deliverMail(ctx.db, ctx.clock.now);
  return (await mailboxOf(ctx, email)).map((message) => message.subject);
};

describe('welcome email', () => {
  it('welcomes with the product name, a link to confirm the address and one to buy the pass', async () => {
    await signedInMember(ctx.app, 'newcomer');
    await deliverMail(ctx.db, ctx.clock.now);
    const [welcome] = await mailboxOf(ctx, 'newcomer@example.com');
    expect(welcome).toMatchObject({
      to: 'newcomer@example.com',
      subject: 'Welcome to Local Battles',
    });
    expect(welcome?.text).toContain('Welcome to Local Battles!');
    expect(welcome?.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/auth\/verify-email\?token=[\w-]{43}$/),
      'http://localhost/checkout',
    ]);
    expect(welcome?.html).toContain('<a href="http://localhost/checkout">Get your battle pass</a>');
  });

  it('is not written when the registration fails', async () => {
    const before = await ctx.db.$count(mailOutbox);
    const response = await new TestClient(ctx.app).post('/api/register', {
      username: 'NEWCOMER',
      email: 'someone-else@example.com',
      fullName: 'Someone Else',
      password: 'password123',
    });
    expect(response.statusCode).toBe(409);
    expect(await ctx.db.$count(mailOutbox)).toBe(before);
  });

  it("carries none of the registration's words: anyone may register with anyone's address (docs/decisions/0029)", async () => {
    const response = await new TestClient(ctx.app).post('/api/register', {
      username: 'Claim your $500 prize at evil.example',
      email: 'stranger-target@example.com',
      fullName: 'Visit evil.example now',
      password: 'password123',
    });
    expect(response.statusCode).toBe(201);
    await deliverMail(ctx.db, ctx.clock.now);
    const [welcome] = await mailboxOf(ctx, 'stranger-target@example.com');
    expect(welcome?.subject).toBe('Welcome to Local Battles');
    for (const part of [welcome?.subject, welcome?.text, welcome?.html])
      expect(part).not.toMatch(/evil|prize/);
  });
});

describe('purchase receipt', () => {
  it('is sent once per pass, however many times fulfilment runs', async () => {
    const { client, email, sessionId } = await paidBuyer();
    await completed(sessionId);
    await completed(sessionId);
    expect((await client.get(`/api/verify-checkout?session_id=${sessionId}`)).json()).toMatchObject(
      { success: true },
    );
    await completed(sessionId);

    const receipts = (await subjects(email)).filter((subject) => subject.includes('receipt'));
    expect(receipts).toEqual(['Your Mail Coffee Battle Battle Pass receipt']);
    const [receipt] = (await mailboxOf(ctx, email)).filter((message) =>
      message.subject.includes('receipt'),
    );
    const date = ctx.clock
      .now()
      .toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'Pacific/Kiritimati' });
    expect(receipt?.text).toContain('Price paid: $25.00');
    expect(receipt?.text).toContain(`Date: ${date}`);
    // Live shops in their order; a deleted one is not included.
    expect(receipt?.text).toContain('- Brew Haven\n- Bean There');
    expect(receipt?.text).not.toContain('Closed Cafe');
    expect(receipt?.links).toEqual(['http://localhost/profile']);
  });

  it("carries a receipt number, the battle's end, how to redeem and the organizers' address", async () => {
    const { email, sessionId } = await paidBuyer();
    await completed(sessionId);
    await deliverMail(ctx.db, ctx.clock.now);
    const [receipt] = (await mailboxOf(ctx, email)).filter((message) =>
      message.subject.includes('receipt'),
    );
    const [payment] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(receipt?.text).toContain(`Receipt number: LB-${String(payment!.id).padStart(6, '0')}`);
    const end = battleEnd.toLocaleString('en-US', {
      timeZone: 'Pacific/Kiritimati',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    expect(receipt?.text).toContain(
      `The battle ends ${end}: redeem your coupons and cast your votes before then.`,
    );
    expect(receipt?.text).toContain(
      "How to redeem: at a participating shop, order anything and ask the cashier for the 4-digit redemption code. Open your pass, tap 'Redeem Coupon'",
    );
    expect(receipt?.text).toContain(
      'Questions about your pass? Write to the organizers at help@coffee-battle.example.',
    );
    expect(receipt?.html).toContain('help@coffee-battle.example');
  });

  it('comes from the success page when the webhook has not arrived', async () => {
    const { client, email, sessionId } = await paidBuyer();
    await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect((await subjects(email)).filter((subject) => subject.includes('receipt'))).toHaveLength(
      1,
    );
  });

  it('is not sent for a second payment, which is refunded because a pass is already held', async () => {
    const { client, email, sessionId } = await paidBuyer();
    const second = await client.post('/api/create-checkout-session');
    const secondId = second.json<{ url: string }>().url.split('/').at(-1)!;
    stub.complete(secondId);
    await completed(sessionId);
    await completed(secondId);
    expect(stub.refunds().at(-1)!.form.get('payment_intent')).toBe(`pi_${secondId}`);
    // Stripe then reports that refund: the pass bought by the first payment stays on, no notice.
    await refunded(secondId);
    const sent = await subjects(email);
    expect(sent.filter((subject) => subject.includes('receipt'))).toHaveLength(1);
    expect(sent.filter((subject) => subject.includes('no longer active'))).toEqual([]);
  });
});

describe('pass switched off', () => {
  it('tells the member once when a refund switches the pass off', async () => {
    const { email, sessionId } = await paidBuyer();
    await completed(sessionId);
    await refunded(sessionId);
    await refunded(sessionId);
    const notices = (await subjects(email)).filter((subject) =>
      subject.includes('no longer active'),
    );
    expect(notices).toEqual(['Your Mail Coffee Battle Battle Pass is no longer active']);
    const [notice] = (await mailboxOf(ctx, email)).filter((message) =>
      message.subject.includes('no longer active'),
    );
    expect(notice?.text).toContain('Your payment was refunded, so this pass is no longer active.');
    expect(notice?.links).toEqual(['http://localhost/profile']);
  });

  it('sends nothing when a refund arrives before the pass was issued', async () => {
    const { email, sessionId } = await paidBuyer();
    await refunded(sessionId);
    await completed(sessionId);
    const sent = await subjects(email);
    expect(
      sent.filter((subject) => subject.includes('receipt') || subject.includes('no longer active')),
    ).toEqual([]);
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.toAddress, email))).toBe(1);
  });
});
