import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkData } from '../backups/check-data.ts';
import {
  CLAIM_GIVEN_AWAY_NOT_REFUNDED,
  CLAIM_NO_LONGER_OPEN,
  CLAIM_ORDER_REVERSED,
} from '#shared/claims.ts';
import {
  challenges,
  coupons,
  mailOutbox,
  passClaims,
  passes,
  payments,
  walletPasses,
  walletRegistrations,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { moneyAtAGlance } from '../settlement/service.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder, passHeldIn } from '#tests/helpers/pass-holders.ts';
import { deliverMail, mailboxOf } from '#tests/helpers/mail.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { price: 20 },
    shops: ['4101', '4102'].map((redemptionCode) => ({ redemptionCode })),
  }));
});

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

/** Checks out `body` on the sandbox page and pays, as the buyer's browser does. */
async function buy(client: TestClient, body: Record<string, unknown>) {
  const started = await client.post('/api/create-checkout-session', body);
  expect(started.statusCode, started.body).toBe(200);
  const sessionId = sessionIdOf(started.json<{ url: string }>().url);
  const paid = await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  const verified = await client.get(`/api/verify-checkout?session_id=${sessionId}`);
  expect(verified.statusCode, verified.body).toBe(200);
  return {
    sessionId,
    verified: verified.json<{ success: boolean; message: string; passesToGive: number }>(),
  };
}

interface Claim {
  id: number;
  status: string;
  refundable: boolean;
  claimedBy?: { username: string };
  sentTo?: string;
}

const claimsOf = async (client: TestClient) => {
  const answer = await client.get('/api/user/claims');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Claim[]>();
};

const tokenOf = async (client: TestClient, claimId: number) => {
  const answer = await client.post(`/api/user/claims/${claimId}/link`);
  expect(answer.statusCode, answer.body).toBe(200);
  const { url } = answer.json<{ url: string }>();
  expect(url).toMatch(/^http:\/\/localhost\/claim\/[A-Za-z0-9_-]{43}$/);
  return url.split('/').at(-1)!;
};

const passOf = (userId: number) => passHeldIn(ctx.db, challenge.id, userId);

describe('several passes in one order (docs/RULES.md rule 24)', () => {
  it('refuses a quantity out of range with a clear message and records no payment', async () => {
    const { client, user } = await signedInMember(ctx.app);
    for (const quantity of [0, 11, 2.5, '3', -1]) {
      const answer = await client.post('/api/create-checkout-session', { quantity });
      expect(answer.statusCode, String(quantity)).toBe(400);
      expect(answer.json()).toEqual({ message: 'Quantity must be a whole number from 1 to 10.' });
    }
    await ctx.db
      .update(challenges)
      .set({ maxPassesPerOrder: 3 })
      .where(eq(challenges.id, challenge.id));
    try {
      const over = await client.post('/api/create-checkout-session', { quantity: 4 });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        message: 'One order can buy at most 3 passes for this battle.',
      });
    } finally {
      await ctx.db
        .update(challenges)
        .set({ maxPassesPerOrder: 10 })
        .where(eq(challenges.id, challenge.id));
    }
    expect(await ctx.db.$count(payments, eq(payments.userId, user.id))).toBe(0);
  });

  it('charges the quantity, gives the buyer one pass and makes a claim of each other, once', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const { sessionId, verified } = await buy(client, { quantity: 3 });
    expect(verified.success).toBe(true);
    expect(verified.message).toContain('Your other passes are ready to give.');
    expect(verified.passesToGive).toBe(2);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ amountCents: 6000, quantity: 3, gift: false, status: 'paid' });

    // The success page again (and the sandbox page) fulfils nothing twice.
    await client.get(`/api/verify-checkout?session_id=${sessionId}`);
    expect(
      (await client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' })).statusCode,
    ).toBe(200);
    expect(await ctx.db.$count(passes, eq(passes.paymentId, payment!.id))).toBe(1);
    expect(await passOf(user.id)).toMatchObject({ paymentId: payment!.id, active: true });
    const claims = await claimsOf(client);
    expect(claims.map((claim) => claim.status)).toEqual(['open', 'open']);
    const receipts = await ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${user.username}@example.com`));
    expect(receipts.filter((mail) => mail.subject.endsWith('receipt'))).toHaveLength(1);
    // The receipt lists each pass of the order: the buyer's and the two to give.
    await deliverMail(ctx.db, ctx.clock.now);
    const [receipt] = (await mailboxOf(ctx, `${user.username}@example.com`)).filter((mail) =>
      mail.subject.endsWith('receipt'),
    );
    expect(receipt?.text).toContain(`Thank you for buying 3 ${challenge.title} Battle Passes.`);
    expect(receipt?.text).toContain('Price paid: $60.00 (3 passes at $20.00)');
    expect(receipt?.text).toContain(
      [
        'This order holds:',
        '',
        '- Battle Pass 1 of 3: yours, on your pass page',
        "- Battle Pass 2 of 3: to give, from 'Passes to Give' on your pass page",
        "- Battle Pass 3 of 3: to give, from 'Passes to Give' on your pass page",
      ].join('\n'),
    );
    expect(receipt?.text).toContain('Each pass includes');
  });

  it('a gift gives the buyer no pass, only claims; a holder’s order of several is all claims', async () => {
    const giver = await signedInMember(ctx.app);
    const gift = await buy(giver.client, { quantity: 2, gift: true });
    expect(gift.verified.message).toBe(
      'Your 2 passes to give are ready. Share them from your pass page: each link gives one pass to one person.',
    );
    expect(gift.verified.passesToGive).toBe(2);
    // The success page in Spanish asks in Spanish (docs/decisions/0049-api-and-mail-languages.md).
    const spanish = await giver.client.request({
      method: 'GET',
      url: `/api/verify-checkout?session_id=${gift.sessionId}`,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json<{ message: string }>().message).toBe(
      'Tus 2 pases para regalar están listos. Compártelos desde la página de tu pase: cada enlace le da un pase a una persona.',
    );
    expect(await passOf(giver.user.id)).toBeUndefined();
    expect(await claimsOf(giver.client)).toHaveLength(2);
    await deliverMail(ctx.db, ctx.clock.now);
    const [giftReceipt] = (await mailboxOf(ctx, `${giver.user.username}@example.com`)).filter(
      (mail) => mail.subject.endsWith('receipt'),
    );
    expect(giftReceipt?.text).toContain('- Battle Pass 1 of 2: to give');
    expect(giftReceipt?.text).toContain('- Battle Pass 2 of 2: to give');
    expect(giftReceipt?.text).not.toContain('yours');

    const holder = await signedInPassHolder(ctx, challenge.id);
    const single = await holder.client.post('/api/create-checkout-session', {});
    expect(single.statusCode, 'one pass for oneself is still refused to a holder').toBe(409);
    await buy(holder.client, { quantity: 2 });
    expect(await claimsOf(holder.client)).toHaveLength(2);
    expect((await passOf(holder.user.id))!.id).toBe(holder.pass.id);
  });
});

describe('claims', () => {
  it('turns a link into the taker’s pass with a coupon per live shop; the link works once', async () => {
    const buyer = await signedInMember(ctx.app);
    const bought = await buy(buyer.client, { quantity: 1, gift: true });
    // One pass to give is one, in the singular.
    expect(bought.verified.message).toBe(
      'Your pass to give is ready. Share it from your pass page: its link gives one pass to one person.',
    );
    const [claim] = await claimsOf(buyer.client);
    const token = await tokenOf(buyer.client, claim!.id);

    const friend = await signedInMember(ctx.app);
    const taken = await friend.client.post('/api/claims/redeem', { token });
    expect(taken.statusCode, taken.body).toBe(201);
    const pass = taken.json<{ id: number; userId: number }>();
    expect(pass.userId).toBe(friend.user.id);
    expect(await ctx.db.$count(coupons, eq(coupons.passId, pass.id))).toBe(shops.length);
    expect(await claimsOf(buyer.client)).toMatchObject([
      { id: claim!.id, status: 'claimed', claimedBy: { username: friend.user.username } },
    ]);

    const again = await (
      await signedInMember(ctx.app)
    ).client.post('/api/claims/redeem', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This pass link is not valid or was already used.' });
    const reissued = await buyer.client.post(`/api/user/claims/${claim!.id}/link`);
    expect(reissued.statusCode, 'a claimed pass has no new link').toBe(404);
  });

  it('refuses someone who holds a pass and leaves the claim open; a new link ends the old one', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 1, gift: true });
    const [claim] = await claimsOf(buyer.client);
    const oldToken = await tokenOf(buyer.client, claim!.id);

    const holder = await signedInPassHolder(ctx, challenge.id);
    const refused = await holder.client.post('/api/claims/redeem', { token: oldToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'You already have a battle pass for this battle, so this one stays open for someone else.',
    });
    expect((await claimsOf(buyer.client))[0]!.status).toBe('open');

    const newToken = await tokenOf(buyer.client, claim!.id);
    const friend = await signedInMember(ctx.app);
    expect((await friend.client.post('/api/claims/redeem', { token: oldToken })).statusCode).toBe(
      404,
    );
    expect((await friend.client.post('/api/claims/redeem', { token: newToken })).statusCode).toBe(
      201,
    );
  });

  it('answers 404 for another member’s claim, 400 for a malformed token and 401 signed out', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 1, gift: true });
    const [claim] = await claimsOf(buyer.client);
    const stranger = await signedInMember(ctx.app);
    expect((await stranger.client.post(`/api/user/claims/${claim!.id}/link`)).statusCode).toBe(404);
    expect(
      (await stranger.client.post(`/api/user/claims/${claim!.id}/send`, { email: 'x@example.com' }))
        .statusCode,
    ).toBe(404);
    const malformed = await stranger.client.post('/api/claims/redeem', { token: 'abc' });
    expect(malformed.statusCode).toBe(400);
    const signedOut = await new TestClient(ctx.app).post('/api/claims/redeem', {
      token: 'a'.repeat(43),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await stranger.client.get('/api/user/claims')).toMatchObject({ statusCode: 200 });
    expect(await claimsOf(stranger.client)).toEqual([]);
  });

  it('mails a fresh link with the note through the outbox, not before the chosen date', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 2, gift: true });
    const [first, second] = await claimsOf(buyer.client);
    const now = ctx.clock.now();
    const later = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000);

    const bad = await buyer.client.post(`/api/user/claims/${first!.id}/send`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const sent = await buyer.client.post(`/api/user/claims/${first!.id}/send`, {
      email: 'friend@example.com',
      note: 'Happy birthday! <b>coffee</b> on me',
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const scheduled = await buyer.client.post(`/api/user/claims/${second!.id}/send`, {
      email: 'later@example.com',
      sendAt: later.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(204);

    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'friend@example.com'));
    expect(mail!.subject).toMatch(/sent you a .* Battle Pass$/);
    expect(mail!.textBody).toContain('Happy birthday! <b>coffee</b> on me');
    expect(mail!.htmlBody).toContain('Happy birthday! &lt;b&gt;coffee&lt;/b&gt; on me');
    const token = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail!.textBody!)![1]!;
    const [laterMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'later@example.com'));
    expect(laterMail!.nextAttemptAt.getTime()).toBe(later.getTime());
    expect((await claimsOf(buyer.client)).map((claim) => claim.sentTo).sort()).toEqual([
      'friend@example.com',
      'later@example.com',
    ]);

    const friend = await signedInMember(ctx.app);
    expect((await friend.client.post('/api/claims/redeem', { token })).statusCode).toBe(201);
  });

  it('of 20 people taking one link at once, exactly one gets the pass', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 1, gift: true });
    const [claim] = await claimsOf(buyer.client);
    const token = await tokenOf(buyer.client, claim!.id);
    const takers = await Promise.all(Array.from({ length: 20 }, () => signedInMember(ctx.app)));
    const answers = await Promise.all(
      takers.map((taker) => taker.client.post('/api/claims/redeem', { token })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201,
      ...Array<number>(19).fill(404),
    ]);
    const held = await ctx.db
      .select()
      .from(passes)
      .where(
        eq(
          passes.paymentId,
          (await ctx.db.select().from(passClaims).where(eq(passClaims.id, claim!.id)))[0]!
            .paymentId!,
        ),
      );
    expect(held).toHaveLength(1);
  });

  it('a refunded order’s open claims cannot be taken', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 2, gift: true });
    const [claim] = await claimsOf(buyer.client);
    const token = await tokenOf(buyer.client, claim!.id);
    await ctx.db
      .update(payments)
      .set({ status: 'disputed' })
      .where(eq(payments.userId, buyer.user.id));
    const friend = await signedInMember(ctx.app);
    const refused = await friend.client.post('/api/claims/redeem', { token });
    expect(refused.statusCode).toBe(409);
    expect(await passOf(friend.user.id)).toBeUndefined();
    await ctx.db.update(payments).set({ status: 'paid' }).where(eq(payments.userId, buyer.user.id));
  });
});

describe('POST /api/user/pass/transfer', () => {
  it('hands an unused pass over as it is: the old holder loses it at once', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const transferred = await holder.client.post('/api/user/pass/transfer');
    expect(transferred.statusCode, transferred.body).toBe(201);
    const claim = transferred.json<Claim>();
    expect(claim.status).toBe('open');
    expect((await holder.client.get('/api/user/pass')).statusCode).toBe(404);
    expect((await holder.client.post('/api/user/pass/transfer')).statusCode).toBe(404);

    const token = await tokenOf(holder.client, claim.id);
    const friend = await signedInMember(ctx.app);
    const taken = await friend.client.post('/api/claims/redeem', { token });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<{ id: number }>().id).toBe(holder.pass.id);
    expect((await friend.client.get('/api/user/pass')).json()).toMatchObject({
      id: holder.pass.id,
      userId: friend.user.id,
    });
    expect(await ctx.db.$count(coupons, eq(coupons.passId, holder.pass.id))).toBe(shops.length);
  });

  it("takes the old holder's wallet copy and its devices with it (docs/decisions/0043)", async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await ctx.db.insert(walletPasses).values({
      passId: holder.pass.id,
      serial: `serial-${holder.pass.id}`,
      authTokenHash: 'hash',
      contentHash: 'content',
    });
    await ctx.db
      .insert(walletRegistrations)
      .values({ deviceId: 'old-phone', passId: holder.pass.id, pushToken: 'token' });
    expect((await holder.client.post('/api/user/pass/transfer')).statusCode).toBe(201);
    expect(await ctx.db.$count(walletPasses, eq(walletPasses.passId, holder.pass.id))).toBe(0);
    expect(
      await ctx.db.$count(walletRegistrations, eq(walletRegistrations.passId, holder.pass.id)),
    ).toBe(0);
  });

  it('refuses a pass with a redeemed coupon and changes nothing', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.passId, holder.pass.id));
    const redeemed = await holder.client.post(`/api/coupons/${coupon!.id}/redeem`, {
      redemptionCode: shops.find((shop) => shop.id === coupon!.businessId)!.redemptionCode,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const refused = await holder.client.post('/api/user/pass/transfer');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'This pass has been used (a coupon redeemed or a vote cast), so it can no longer be given away.',
    });
    expect(await passOf(holder.user.id)).toMatchObject({ id: holder.pass.id });
    expect(await claimsOf(holder.client)).toEqual([]);
  });

  it('of a transfer and a redeem at once, exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const holder = await signedInPassHolder(ctx, challenge.id);
      const [coupon] = await ctx.db
        .select()
        .from(coupons)
        .where(eq(coupons.passId, holder.pass.id));
      const [transfer, redeem] = await Promise.all([
        holder.client.post('/api/user/pass/transfer'),
        holder.client.post(`/api/coupons/${coupon!.id}/redeem`, {
          redemptionCode: shops.find((shop) => shop.id === coupon!.businessId)!.redemptionCode,
        }),
      ]);
      const outcome = [transfer.statusCode, redeem.statusCode];
      expect([
        [201, 404],
        [409, 200],
      ]).toContainEqual(outcome);
      const [stored] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
      expect(stored!.redeemed).toBe(redeem.statusCode === 200);
      expect((await passOf(holder.user.id)) === undefined).toBe(transfer.statusCode === 201);
    }
  });
});

describe('POST /api/user/claims/{id}/refund', () => {
  it('refunds one unclaimed pass of an order: its share back, its link dead, the rest of the order kept', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 3 });
    const [first, second] = await claimsOf(buyer.client);
    expect([first?.refundable, second?.refundable]).toEqual([true, true]);
    const token = await tokenOf(buyer.client, first!.id);

    const refunded = await buyer.client.post(`/api/user/claims/${first!.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ refundedCents: 2000 });
    const [order] = await ctx.db.select().from(payments).where(eq(payments.userId, buyer.user.id));
    expect(order).toMatchObject({ status: 'paid', amountCents: 6000, refundedCents: 2000 });
    const after = await claimsOf(buyer.client);
    expect(after.find((claim) => claim.id === first!.id)).toMatchObject({
      status: 'refunded',
      refundable: false,
    });
    expect(after.find((claim) => claim.id === second!.id)).toMatchObject({ status: 'open' });
    expect(await passOf(buyer.user.id)).toMatchObject({ paymentId: order!.id, active: true });

    // Its link no longer gives a pass; a second refund gives nothing back.
    const friend = await signedInMember(ctx.app);
    expect((await friend.client.post('/api/claims/redeem', { token })).statusCode).toBe(404);
    const again = await buyer.client.post(`/api/user/claims/${first!.id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CLAIM_NO_LONGER_OPEN });
    expect(
      (await ctx.db.select().from(payments).where(eq(payments.id, order!.id)))[0]!.refundedCents,
    ).toBe(2000);
  });

  it('refuses a taken pass, a given-away pass, another member’s claim and a refunded order, changing nothing', async () => {
    const buyer = await signedInMember(ctx.app);
    await buy(buyer.client, { quantity: 2, gift: true });
    const [taken, other] = await claimsOf(buyer.client);
    const friend = await signedInMember(ctx.app);
    await friend.client.post('/api/claims/redeem', {
      token: await tokenOf(buyer.client, taken!.id),
    });
    const takenAnswer = await buyer.client.post(`/api/user/claims/${taken!.id}/refund`);
    expect(takenAnswer.statusCode).toBe(409);
    expect(takenAnswer.json()).toMatchObject({ message: CLAIM_NO_LONGER_OPEN });
    expect((await friend.client.post(`/api/user/claims/${other!.id}/refund`)).statusCode).toBe(404);

    const holder = await signedInPassHolder(ctx, challenge.id);
    const given = (await holder.client.post('/api/user/pass/transfer')).json<Claim>();
    expect(given).toMatchObject({ refundable: false });
    const givenAnswer = await holder.client.post(`/api/user/claims/${given.id}/refund`);
    expect(givenAnswer.statusCode).toBe(409);
    expect(givenAnswer.json()).toMatchObject({ message: CLAIM_GIVEN_AWAY_NOT_REFUNDED });

    await ctx.db
      .update(payments)
      .set({ status: 'disputed' })
      .where(eq(payments.userId, buyer.user.id));
    const reversed = await buyer.client.post(`/api/user/claims/${other!.id}/refund`);
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json()).toMatchObject({ message: CLAIM_ORDER_REVERSED });
    await ctx.db.update(payments).set({ status: 'paid' }).where(eq(payments.userId, buyer.user.id));
    expect(
      (await ctx.db.select().from(payments).where(eq(payments.userId, buyer.user.id)))[0]!
        .refundedCents,
    ).toBe(0);
  });

  it('of a refund and a taker racing for one claim, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = await signedInMember(ctx.app);
      await buy(buyer.client, { quantity: 2, gift: true });
      const [claim] = await claimsOf(buyer.client);
      const token = await tokenOf(buyer.client, claim!.id);
      const taker = await signedInMember(ctx.app);
      const [refund, take] = await Promise.all([
        buyer.client.post(`/api/user/claims/${claim!.id}/refund`),
        taker.client.post('/api/claims/redeem', { token }),
      ]);
      expect([refund.statusCode, take.statusCode].sort()).toEqual(
        refund.statusCode === 200 ? [200, 404] : [201, 409],
      );
      const [order] = await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.userId, buyer.user.id));
      expect(order!.refundedCents).toBe(refund.statusCode === 200 ? 2000 : 0);
      expect((await passOf(taker.user.id)) !== undefined).toBe(take.statusCode === 201);
    }
  });
});

describe('the books with passes for other people', () => {
  it('count passes, not orders, and the data check holds', async () => {
    const money = await moneyAtAGlance(ctx.db, challenge.id);
    const paid = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.challengeId, challenge.id), eq(payments.status, 'paid')));
    const refundedOnTheirOwn = await ctx.db.$count(
      passClaims,
      and(eq(passClaims.challengeId, challenge.id), eq(passClaims.status, 'refunded')),
    );
    expect(refundedOnTheirOwn).toBeGreaterThan(0);
    expect(money.grossCents).toBe(
      paid.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0),
    );
    expect(money.passesSold).toBe(
      paid.reduce((sum, payment) => sum + payment.quantity, 0) - refundedOnTheirOwn,
    );
    const check = await checkData(ctx.db);
    expect(check.checked).toContain('each paid payment bought its quantity of passes');
    expect(check.problems, JSON.stringify(check.problems)).toEqual([]);
  });
});
