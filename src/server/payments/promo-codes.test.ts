import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeDto } from '#shared/promo-codes.ts';
import type { SandboxSession } from '#shared/payments.ts';
import { formatInstant } from '#shared/date-range.ts';
import { checkData } from '../backups/check-data.ts';
import { mailOutbox, passes, payments, promoCodes, users, type Challenge } from '../db/schema.ts';
import { moneyAtAGlance } from '../settlement/service.ts';
import { insertChallenge } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import type { TestClient } from '#tests/helpers/test-app.ts';
import { signedInAdmin, signedInMember, useTestApp } from '#tests/helpers/test-app.ts';

/** Promo codes on the sandbox checkout (docs/RULES.md rule 24, docs/decisions/0044). */

const ctx = useTestApp();
let challenge: Challenge;
let admin: TestClient;

beforeAll(async () => {
  ({ challenge } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { price: 20, maxPassesPerOrder: 4 },
    shops: ['4301', '4302'].map((redemptionCode) => ({ redemptionCode })),
  }));
  ({ client: admin } = await signedInAdmin(ctx.app, ctx.db));
});

const promoUrl = (challengeId = challenge.id) => `/api/admin/challenges/${challengeId}/promo-codes`;
let codes = 0;
/** A fresh code name: the codes are unique across the site. */
const freshCode = () => `PROMO-${String(++codes)}`;

async function newPromo(body: Record<string, unknown>, challengeId = challenge.id) {
  const answer = await admin.post(promoUrl(challengeId), { code: freshCode(), ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<PromoCodeDto>();
}

async function checkout(client: TestClient, quantity = 1) {
  const answer = await client.post('/api/create-checkout-session', { quantity });
  expect(answer.statusCode, answer.body).toBe(200);
  return new URL(answer.json<{ url: string }>().url).pathname.split('/').at(-1)!;
}

const SPANISH = { 'accept-language': 'es-US,es;q=0.9' };
const apply = (client: TestClient, sessionId: string, code: string, headers = {}) =>
  client.request({
    method: 'POST',
    url: `/api/sandbox/checkout/${sessionId}/promo`,
    payload: { code },
    headers,
  });
const pay = (client: TestClient, sessionId: string) =>
  client.post(`/api/sandbox/checkout/${sessionId}`, { action: 'pay' });
const sessionOf = async (client: TestClient, sessionId: string) =>
  (await client.get(`/api/sandbox/checkout/${sessionId}`)).json<SandboxSession>();
const paymentOf = async (sessionId: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.providerSessionId, sessionId)))[0]!;
const usesOf = async (id: number) =>
  (await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!.uses;

describe('the organizer’s promo codes', () => {
  it('makes percent and amount codes, in capitals, and lists them newest first with uses', async () => {
    const percent = await admin.post(promoUrl(), {
      code: 'spring-20',
      percentOff: 20,
      maxUses: 50,
      expiresAt: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(percent.statusCode, percent.body).toBe(201);
    expect(percent.json()).toMatchObject({
      code: 'SPRING-20',
      percentOff: 20,
      amountOffCents: null,
      maxUses: 50,
      uses: 0,
    });
    const amount = await newPromo({ amountOffCents: 500 });
    expect(amount).toMatchObject({ percentOff: null, amountOffCents: 500, maxUses: null });
    const list = await admin.get(promoUrl());
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<PromoCodeDto[]>()
        .map((promo) => promo.code)
        .slice(0, 2),
    ).toEqual([amount.code, 'SPRING-20']);
  });

  it('refuses both or neither discount, a bad percent, a taken code and a past expiry', async () => {
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const answer = await admin.post(promoUrl(), body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json<{ message: string }>().message).toBe(message);
    };
    const oneOf = 'Give exactly one of percent off or amount off.';
    await refused({ code: 'BOTH-1', percentOff: 10, amountOffCents: 100 }, 400, oneOf);
    await refused({ code: 'NONE-1' }, 400, oneOf);
    await refused(
      { code: 'HALF-1', percentOff: 101 },
      400,
      'Percent off must be a whole number from 1 to 100.',
    );
    const taken = await newPromo({ percentOff: 5 });
    await refused(
      { code: taken.code.toLowerCase(), percentOff: 5 },
      409,
      'A promo code with this code already exists. Choose another code.',
    );
    await refused(
      {
        code: 'PAST-1',
        percentOff: 5,
        expiresAt: new Date(ctx.clock.now().getTime() - 1).toISOString(),
      },
      400,
      'Expiry must be in the future.',
    );
    expect(await ctx.db.$count(promoCodes, eq(promoCodes.code, 'PAST-1'))).toBe(0);
  });
});

describe('a promo code on the sandbox payment page', () => {
  it('shows the new total; applying again replaces; paying records the discount and takes one use', async () => {
    const percent = await newPromo({ percentOff: 20, maxUses: 3 });
    const amount = await newPromo({ amountOffCents: 500 });
    const buyer = await signedInMember(ctx.app);
    const sessionId = await checkout(buyer.client, 2);

    const first = await apply(buyer.client, sessionId, percent.code.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      amountCents: 3200,
      discountCents: 800,
      promoCode: percent.code,
    });
    const second = await apply(buyer.client, sessionId, amount.code);
    expect(second.json()).toEqual({
      amountCents: 3500,
      discountCents: 500,
      promoCode: amount.code,
    });
    const third = await apply(buyer.client, sessionId, percent.code);
    expect(third.json()).toEqual({
      amountCents: 3200,
      discountCents: 800,
      promoCode: percent.code,
    });
    expect(await sessionOf(buyer.client, sessionId)).toMatchObject({
      amountCents: 3200,
      discountCents: 800,
      promoCode: percent.code,
      status: 'pending',
    });
    expect(await usesOf(percent.id)).toBe(0);

    const paid = await pay(buyer.client, sessionId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paymentOf(sessionId)).toMatchObject({
      status: 'paid',
      amountCents: 3200,
      discountCents: 800,
      promoCodeId: percent.id,
    });
    expect(await usesOf(percent.id)).toBe(1);
    expect(await usesOf(amount.id)).toBe(0);
    const [buyerRow] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, buyer.user.id));
    const [receipt] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, buyerRow!.email))
      .orderBy(desc(mailOutbox.id));
    expect(receipt?.textBody).toContain('Price paid: $32.00 (2 passes at $16.00)');
    expect(receipt?.textBody).toContain('Promo code discount: $8.00 off the full price');
    expect((await checkData(ctx.db)).problems).toEqual([]);
  });

  it('refuses an unknown, other battle’s, expired or used-up code with clear words and changes nothing', async () => {
    const other = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Other Battle' });
    const elsewhere = await newPromo({ percentOff: 50 }, other.id);
    const [expired] = await ctx.db
      .insert(promoCodes)
      .values({
        challengeId: challenge.id,
        code: freshCode(),
        percentOff: 50,
        expiresAt: new Date(ctx.clock.now().getTime() - 60_000),
      })
      .returning();
    const usedUp = await newPromo({ percentOff: 50, maxUses: 1 });
    const first = await signedInMember(ctx.app);
    const firstSession = await checkout(first.client);
    expect((await apply(first.client, firstSession, usedUp.code)).statusCode).toBe(200);
    expect((await pay(first.client, firstSession)).statusCode).toBe(200);
    const kept = await newPromo({ amountOffCents: 100 });
    const buyer = await signedInMember(ctx.app);
    const sessionId = await checkout(buyer.client);
    expect((await apply(buyer.client, sessionId, kept.code)).statusCode).toBe(200);
    const before = await paymentOf(sessionId);

    const refusals = [
      ['NOSUCH-CODE', 404, 'This promo code is not valid. Check it and try again.'],
      [elsewhere.code, 409, 'This promo code is for another battle.'],
      [expired!.code, 410, /^This promo code expired on /],
      [usedUp.code, 410, 'This promo code has been used as many times as it allows.'],
    ] as const;
    for (const [code, status, message] of refusals) {
      const answer = await apply(buyer.client, sessionId, code);
      expect(answer.statusCode, code).toBe(status);
      expect(answer.json<{ message: string }>().message).toMatch(message);
    }
    expect(await paymentOf(sessionId)).toEqual(before);
    expect(before).toMatchObject({ amountCents: 1900, discountCents: 100, promoCodeId: kept.id });

    // The expiry's date in the request's language, like the rest of the sentence.
    const spanish = await apply(buyer.client, sessionId, expired!.code, SPANISH);
    expect(spanish.json<{ message: string }>().message).toBe(
      `Este código promocional venció el ${formatInstant(expired!.expiresAt!, challenge.timeZone, { locale: 'es-US' })}.`,
    );
    const english = await apply(buyer.client, sessionId, expired!.code);
    expect(english.json<{ message: string }>().message).toBe(
      `This promo code expired on ${formatInstant(expired!.expiresAt!, challenge.timeZone)}.`,
    );
  });

  it('a code that expired before Pay is taken off, and the refusal says so with its date in the page’s language', async () => {
    const soon = await newPromo({ percentOff: 50 });
    const buyer = await signedInMember(ctx.app);
    const sessionId = await checkout(buyer.client);
    expect((await apply(buyer.client, sessionId, soon.code)).statusCode).toBe(200);
    const expiresAt = new Date(ctx.clock.now().getTime() - 60_000);
    await ctx.db.update(promoCodes).set({ expiresAt }).where(eq(promoCodes.id, soon.id));
    const answer = await buyer.client.request({
      method: 'POST',
      url: `/api/sandbox/checkout/${sessionId}`,
      payload: { action: 'pay' },
      headers: SPANISH,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toBe(
      `Este código promocional venció el ${formatInstant(expiresAt, challenge.timeZone, { locale: 'es-US' })}. Se quitó de este pedido y no se cobró nada: el total ahora es $20.00.`,
    );
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', promoCodeId: null });
  });

  it('never charges below nothing, and a stranger cannot apply a code to someone’s session', async () => {
    const big = await newPromo({ amountOffCents: 50_000 });
    const buyer = await signedInMember(ctx.app);
    const sessionId = await checkout(buyer.client);
    const stranger = await signedInMember(ctx.app);
    expect((await apply(stranger.client, sessionId, big.code)).statusCode).toBe(404);
    const answer = await apply(buyer.client, sessionId, big.code);
    expect(answer.json()).toEqual({ amountCents: 0, discountCents: 2000, promoCode: big.code });
    expect((await pay(buyer.client, sessionId)).statusCode).toBe(200);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'paid', amountCents: 0 });
    expect(await ctx.db.$count(passes, eq(passes.userId, buyer.user.id))).toBe(1);
    expect((await checkData(ctx.db)).problems).toEqual([]);
  });

  it('of buyers paying at once with the last use, exactly one gets it; the others are told and charged nothing', async () => {
    const last = await newPromo({ percentOff: 20, maxUses: 1 });
    const before = await moneyAtAGlance(ctx.db, challenge.id);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => signedInMember(ctx.app)));
    const sessions = await Promise.all(buyers.map((buyer) => checkout(buyer.client)));
    for (const [index, buyer] of buyers.entries()) {
      expect((await apply(buyer.client, sessions[index]!, last.code)).statusCode).toBe(200);
    }
    const answers = await Promise.all(
      buyers.map((buyer, index) => pay(buyer.client, sessions[index]!)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json<{ message: string }>().message).toBe(
        'This promo code has been used as many times as it allows. It was taken off this order and nothing was charged: the total is now $20.00.',
      );
    }
    const rows = await Promise.all(sessions.map(paymentOf));
    expect(rows.filter((row) => row.status === 'paid')).toEqual([
      expect.objectContaining({ amountCents: 1600, discountCents: 400, promoCodeId: last.id }),
    ]);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(4);
    for (const row of rows.filter((one) => one.status === 'pending')) {
      expect(row).toMatchObject({ amountCents: 2000, discountCents: 0, promoCodeId: null });
    }
    expect(await usesOf(last.id)).toBe(1);
    const holders = await ctx.db
      .select({ id: users.id })
      .from(passes)
      .innerJoin(users, eq(users.id, passes.userId))
      .where(eq(passes.challengeId, challenge.id));
    expect(holders.filter((holder) => buyers.some((b) => b.user.id === holder.id))).toHaveLength(1);

    // A refused buyer pays the full price once they have seen it.
    const refused = buyers[rows.findIndex((row) => row.status === 'pending')]!;
    const retry = await pay(
      refused.client,
      sessions[rows.findIndex((row) => row.status === 'pending')]!,
    );
    expect(retry.statusCode).toBe(200);
    const after = await moneyAtAGlance(ctx.db, challenge.id);
    expect(after.grossCents - before.grossCents).toBe(1600 + 2000);
    expect(after.passesSold - before.passesSold).toBe(2);
    expect((await checkData(ctx.db)).problems).toEqual([]);
  });
});
