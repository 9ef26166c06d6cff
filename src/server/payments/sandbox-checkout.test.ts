import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { challenges, coupons, passes, payments } from '#server/db/schema.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInMember, TestClient, useTestApp, withTestApp } from '#tests/helpers/test-app.ts';
import type { Challenge } from '#server/db/schema.ts';

const ctx = useTestApp();
let challenge: Challenge;

beforeAll(async () => {
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
    price: 30,
    title: 'Sandbox Battle',
  });
  await insertBusiness(ctx.db, challenge.id);
  await insertBusiness(ctx.db, challenge.id);
  await insertBusiness(ctx.db, challenge.id, { deletedAt: new Date() });
});

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

async function startCheckout(client: TestClient) {
  const response = await client.post('/api/create-checkout-session');
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  return { url, sessionId: sessionIdOf(url) };
}

async function passesOf(userId: number) {
  return ctx.db.select().from(passes).where(eq(passes.userId, userId));
}

describe('sandbox checkout', () => {
  it('answers the web app with the payment mode, whether test tools are on and the site URL', async () => {
    const response = await new TestClient(ctx.app).request({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'evil.example' },
    });
    expect(response.json()).toEqual({
      siteName: 'Local Battles',
      paymentMode: 'sandbox',
      testToolsEnabled: true,
      sandboxMailbox: true,
      publicUrl: 'http://localhost',
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
      privacy: {
        operatorName: 'Local Battles',
        operatorContact: null,
        mailRelay: null,
        mailRetentionDays: 30,
      },
      wallet: { apple: false, google: false },
      languages: ['en', 'es'],
      defaultLanguage: 'en',
    });
  });

  it('asks a signed-out visitor to sign in before a session is created', async () => {
    const response = await new TestClient(ctx.app).post('/api/create-checkout-session');
    expect(response.statusCode).toBe(401);
    expect(await ctx.db.$count(payments)).toBe(0);
  });

  it('prices the session from the challenge and ignores a price or challenge in the body', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const response = await client.post('/api/create-checkout-session', {
      price: 1,
      amount: 100,
      challengeId: 999,
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost\/checkout\/sandbox\/sbx_[\w-]+$/);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      amountCents: 3000,
      challengeId: challenge.id,
      status: 'pending',
    });

    const page = await client.get(`/api/sandbox/checkout/${sessionIdOf(url)}`);
    expect(page.json()).toMatchObject({
      description: 'Sandbox Battle Battle Pass',
      battleTitle: 'Sandbox Battle',
      quantity: 1,
      amountCents: 3000,
      status: 'pending',
    });
  });

  it("returns a buyer to /checkout in their page's language, and ignores a language the site has not", async () => {
    const { client } = await signedInMember(ctx.app);
    const spanish = await client.post('/api/create-checkout-session', { language: 'es' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json<{ url: string }>().url).toMatch(
      /^http:\/\/localhost\/es\/checkout\/sandbox\/sbx_[\w-]+$/,
    );
    const english = await client.post('/api/create-checkout-session', {
      language: 'en',
      gift: true,
    });
    expect(english.json<{ url: string }>().url).toMatch(
      /^http:\/\/localhost\/checkout\/sandbox\/sbx_[\w-]+$/,
    );
    const unknown = await client.post('/api/create-checkout-session', {
      language: 'fr',
      gift: true,
    });
    expect(unknown.json<{ url: string }>().url).toMatch(
      /^http:\/\/localhost\/checkout\/sandbox\/sbx_[\w-]+$/,
    );
    const wrong = await client.post('/api/create-checkout-session', { language: 'Español' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Language must be a language code.' });
  });

  it('pays: one pass with a coupon per live shop, and the success page confirms it', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const { sessionId } = await startCheckout(client);
    const pay = await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' });
    expect(pay.json()).toEqual({ redirectUrl: `/checkout?status=success&session_id=${sessionId}` });

    const [pass] = await passesOf(user.id);
    expect(pass).toMatchObject({ challengeId: challenge.id, active: true });
    expect(await ctx.db.$count(coupons, eq(coupons.passId, pass!.id))).toBe(2);

    const verify = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(verify.json()).toEqual({
      success: true,
      requiresRegistration: false,
      message: 'Your battle pass has been activated!',
      passesToGive: 0,
    });
    const spanish = await client.request({
      method: 'GET',
      url: `/api/verify-checkout?session_id=${sessionId}`,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json()).toMatchObject({ message: '¡Tu pase de batalla está activado!' });
    expect((await client.get('/api/user/pass')).json()).toMatchObject({
      active: true,
      inactiveReason: null,
    });

    // Paying twice (a double click) changes nothing; a second checkout is refused with 409.
    expect(
      (await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' })).statusCode,
    ).toBe(200);
    expect(await passesOf(user.id)).toHaveLength(1);
    const again = await client.post('/api/create-checkout-session');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have a battle pass for this challenge.' });
  });

  it('declines with a reason and returns to the error view; nothing is issued', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const { sessionId } = await startCheckout(client);
    const decline = await client.post(`/api/sandbox/checkout/${sessionId}`, {
      action: 'decline',
      reason: 'Insufficient_funds',
    });
    expect(decline.json()).toEqual({
      redirectUrl: `/checkout?status=error&reason=Insufficient_funds&session_id=${sessionId}`,
    });
    expect(await passesOf(user.id)).toHaveLength(0);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ status: 'declined', failureReason: 'Insufficient_funds' });

    const pay = await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' });
    expect(pay.statusCode).toBe(409);
    const verify = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(verify.json()).toMatchObject({
      success: false,
      message: 'Your payment was declined: Insufficient funds.',
    });

    const badReason = await client.post(`/api/sandbox/checkout/${sessionId}`, {
      action: 'decline',
      reason: 'x',
    });
    expect(badReason.statusCode).toBe(400);
  });

  it('cancels and returns to the cancelled view', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const { sessionId } = await startCheckout(client);
    const cancel = await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'cancel' });
    expect(cancel.json()).toEqual({
      redirectUrl: `/checkout?status=cancelled&session_id=${sessionId}`,
    });
    expect(await passesOf(user.id)).toHaveLength(0);
  });

  it('refuses a second payment when a pass is already held', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const first = await startCheckout(client);
    const second = await startCheckout(client);
    await client.post(`/api/sandbox/checkout/${first.sessionId}`, { action: 'pay' });
    const refused = await client.post(`/api/sandbox/checkout/${second.sessionId}`, {
      action: 'pay',
    });
    expect(refused.json<{ redirectUrl: string }>().redirectUrl).toContain(
      'status=error&reason=You_already_have_a_battle_pass',
    );
    const rows = await ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['declined', 'paid']);
    expect(await passesOf(user.id)).toHaveLength(1);
  });

  it('keeps sessions to their owner and asks signed-out visitors to sign in', async () => {
    const owner = await signedInMember(ctx.app);
    const other = await signedInMember(ctx.app);
    const { sessionId } = await startCheckout(owner.client);

    expect((await other.client.get(`/api/sandbox/checkout/${sessionId}`)).statusCode).toBe(404);
    expect(
      (await other.client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' })).statusCode,
    ).toBe(404);
    const verify = await other.client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(verify.statusCode).toBe(404);
    expect(verify.json()).toEqual({ message: 'Checkout session not found.' });
    expect(await passesOf(other.user.id)).toHaveLength(0);

    const signedOut = await new TestClient(ctx.app).get(
      `/api/verify-checkout?session_id=${sessionId}`,
    );
    expect(signedOut.json()).toMatchObject({ success: false, requiresRegistration: true });
    expect((await new TestClient(ctx.app).get('/api/verify-checkout')).statusCode).toBe(400);
    expect(
      (await owner.client.get(`/api/verify-checkout?session_id=${sessionId}`)).json(),
    ).toMatchObject({
      success: false,
      message: 'Your payment has not been completed yet.',
    });
  });

  it('the sandbox page route is a page; a malformed session id is not', async () => {
    const client = new TestClient(ctx.app);
    expect((await client.get('/checkout/sandbox/sbx_abcdefghijklmnop')).statusCode).toBe(200);
    expect((await client.get('/checkout/sandbox/nope')).statusCode).toBe(404);
    const { client: member } = await signedInMember(ctx.app);
    expect((await member.get('/api/sandbox/checkout/nope')).statusCode).toBe(400);
  });

  it('creates a test pass once (rule 5)', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const created = await client.post('/api/testing/create-pass');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: user.id,
      challengeId: challenge.id,
      active: true,
    });
    const [pass] = await passesOf(user.id);
    expect(await ctx.db.$count(coupons, eq(coupons.passId, pass!.id))).toBe(2);
    const again = await client.post('/api/testing/create-pass');
    expect(again.statusCode).toBe(409);
    expect((await new TestClient(ctx.app).post('/api/testing/create-pass')).statusCode).toBe(401);
  });

  it('sells nothing before the challenge starts, once it has ended, or when there is no challenge', async () => {
    const { client, user } = await signedInMember(ctx.app);
    ctx.clock.set(new Date(challenge.startDate.getTime() - 1));
    try {
      const early = await client.post('/api/create-checkout-session');
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toMatch(
        /^Sandbox Battle has not started yet\. Passes go on sale on .+ UTC\.$/,
      );
      expect((await client.post('/api/testing/create-pass')).statusCode).toBe(400);
    } finally {
      ctx.clock.set(new Date());
    }
    ctx.clock.set(new Date(challenge.endDate.getTime() + DAY_MS));
    try {
      const ended = await client.post('/api/create-checkout-session');
      expect(ended.statusCode).toBe(400);
      expect(ended.json()).toEqual({
        message: 'This challenge has ended, so passes are no longer sold.',
      });
      expect((await client.post('/api/testing/create-pass')).statusCode).toBe(400);
    } finally {
      ctx.clock.set(new Date());
    }
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, challenge.id));
    try {
      const none = await client.post('/api/create-checkout-session');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'No active challenge available.' });
    } finally {
      await ctx.db.update(challenges).set({ active: true }).where(eq(challenges.id, challenge.id));
    }
    expect(await ctx.db.$count(payments, and(eq(payments.userId, user.id)))).toBe(0);
  });

  it('has no webhook in sandbox mode', async () => {
    const response = await new TestClient(ctx.app).request({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('test tools switched off (rule 5)', () => {
  it('answers 404 for the test pass and says so in the config', async () => {
    await withTestApp({ testToolsEnabled: false }, async (off) => {
      await insertChallenge(off.db, off.clock.now());
      const { client } = await signedInMember(off.app);
      expect((await client.post('/api/testing/create-pass')).statusCode).toBe(404);
      expect((await client.get('/api/config')).json()).toMatchObject({
        testToolsEnabled: false,
        sandboxMailbox: false,
      });
    });
  });
});

describe('where email goes (GET /api/config)', () => {
  it('sends nobody to the sandbox mailbox when mail goes through SMTP', async () => {
    await withTestApp({ mailToSandbox: false }, async (smtp) => {
      expect((await new TestClient(smtp.app).get('/api/config')).json()).toMatchObject({
        testToolsEnabled: true,
        sandboxMailbox: false,
      });
    });
  });
});
