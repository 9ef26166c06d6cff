import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberProgress } from '#shared/progress.ts';
import type { RedeemResult } from '#shared/redemption.ts';
import {
  businesses,
  coupons,
  mailOutbox,
  offlineRedemptions,
  passes,
  redemptionAttempts,
  users,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { currentCodesOf } from '../businesses/current-code.ts';
import { insertBusiness, insertChallenge, MINUTE_MS } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// docs/decisions/0042 on the default grace (OFFLINE_REDEEM_GRACE_MINUTES = 60).
const ctx = useTestApp();
/** The sync's instant in most tests: half past an hour, so hourly periods are easy to name. */
const NOW = new Date('2026-11-20T18:30:00.000Z');
const END = new Date(NOW.getTime() + 2 * HOUR_MS);
let challenge: Challenge;
/** Rotates its code every hour (docs/decisions/0013). */
let hourly: Business;
/** Keeps one code. */
let fixed: Business;

beforeAll(async () => {
  ctx.clock.set(NOW);
  challenge = await insertChallenge(ctx.db, NOW, {
    startDate: new Date(NOW.getTime() - 3 * DAY_MS),
    endDate: END,
    timeZone: 'America/Chicago',
  });
  const since = new Date(NOW.getTime() - 3 * DAY_MS);
  hourly = await insertBusiness(ctx.db, challenge.id, {
    name: 'Hourly Beans',
    codeRotation: 'hourly',
    createdAt: since,
  });
  fixed = await insertBusiness(ctx.db, challenge.id, {
    name: 'Fixed Brew',
    redemptionCode: '4321',
    createdAt: since,
  });
});

/** A pass holder whose pass was bought two days before NOW (or at `boughtAt`). */
async function holder(boughtAt = new Date(NOW.getTime() - 2 * DAY_MS)) {
  const member = await signedInPassHolder(ctx, challenge.id);
  const email = `${member.user.username}@example.com`;
  const [pass] = await ctx.db
    .update(passes)
    .set({ purchaseDate: boughtAt })
    .where(eq(passes.id, member.pass.id))
    .returning();
  return { ...member, email, pass: pass! };
}
type Holder = Awaited<ReturnType<typeof holder>>;

/** The code the shop's counter gave at `at`. */
async function codeAt(shop: Business, at: Date): Promise<string> {
  return (await currentCodesOf(ctx.db, [shop.id], at)).get(shop.id)!.code;
}

async function offline(
  member: Holder,
  shop: Business,
  body: { redemptionCode: string; enteredAt: Date; nonce?: string },
  headers: Record<string, string> = {},
) {
  const coupon = await couponOf(ctx, member.pass, shop.id);
  return member.client.request({
    method: 'POST',
    url: `/api/coupons/${coupon.id}/redeem`,
    payload: {
      redemptionCode: body.redemptionCode,
      enteredAt: body.enteredAt.toISOString(),
      nonce: body.nonce ?? randomUUID(),
    },
    headers,
  });
}

const at = (iso: string) => new Date(iso);
const attemptsOf = (member: Holder) =>
  ctx.db.$count(redemptionAttempts, eq(redemptionAttempts.passId, member.pass.id));
const progressOf = async (member: Holder) =>
  (await member.client.get('/api/user/progress')).json<MemberProgress>();
const refusalMails = (shop: Business) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, `Your coupon at ${shop.name} was not counted`));

describe('POST /api/coupons/:id/redeem with enteredAt (an offline redemption)', () => {
  it('says its success in the request’s language, the date it was typed too', async () => {
    const member = await holder();
    const enteredAt = at('2026-11-20T17:20:00.000Z');
    const answer = await offline(
      member,
      hourly,
      { redemptionCode: await codeAt(hourly, enteredAt), enteredAt },
      { 'accept-language': 'es-US,es;q=0.9' },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<RedeemResult>().message).toBe(
      'Se canjeó tu cupón de $5 en Hourly Beans, escrito sin conexión el 20 de noviembre de 2026 a las 11:20 a.m. CST. ¡Ganaste un voto!',
    );
  });

  it('counts now a code typed offline, answering offline: true, the coupon carrying enteredAt and syncedAt', async () => {
    const member = await holder();
    const enteredAt = at('2026-11-20T17:20:00.000Z');
    const answer = await offline(member, hourly, {
      redemptionCode: await codeAt(hourly, enteredAt),
      enteredAt,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<RedeemResult>();
    expect(result).toMatchObject({
      offline: true,
      availableVotes: 1,
      coupon: {
        redeemed: true,
        enteredAt: enteredAt.toISOString(),
        syncedAt: NOW.toISOString(),
        // The vote is usable from the sync: the redemption counts from then.
        redeemedAt: NOW.toISOString(),
      },
    });
    expect(result.message).toBe(
      'Your $5 coupon at Hourly Beans, typed offline on November 20, 2026 at 11:20 AM CST, has been redeemed. You earned a vote!',
    );
    const progress = await progressOf(member);
    expect(progress.coupons.find((c) => c.businessId === hourly.id)).toMatchObject({
      redeemed: true,
      enteredAt: enteredAt.toISOString(),
      syncedAt: NOW.toISOString(),
      offlineRefusal: null,
    });
    expect(progress.availableVotes).toBe(1);
    // The vote it earned is cast at once.
    expect((await member.client.post('/api/vote', { businessId: hourly.id })).statusCode).toBe(200);

    // Made online, a redemption carries neither instant and says offline: false.
    const online = await member.client.post(
      `/api/coupons/${(await couponOf(ctx, member.pass, fixed.id)).id}/redeem`,
      { redemptionCode: '4321' },
    );
    expect(online.json()).toMatchObject({
      offline: false,
      coupon: { enteredAt: null, syncedAt: null, redeemedAt: NOW.toISOString() },
    });
  });

  // An hourly period starts at B; the code of the period holding enteredAt and of the one just
  // before count, no other, whichever side of B the phone typed it.
  const B = at('2026-11-20T17:00:00.000Z');
  const periodStart = (steps: number) => new Date(B.getTime() + steps * HOUR_MS);
  it.each([
    { enteredAt: B, codeOf: 0, counts: true },
    { enteredAt: B, codeOf: -1, counts: true },
    { enteredAt: B, codeOf: -2, counts: false },
    { enteredAt: B, codeOf: 1, counts: false },
    { enteredAt: new Date(B.getTime() - 1), codeOf: -1, counts: true },
    { enteredAt: new Date(B.getTime() - 1), codeOf: -2, counts: true },
    { enteredAt: new Date(B.getTime() - 1), codeOf: 0, counts: false },
    { enteredAt: new Date(B.getTime() + HOUR_MS - 1), codeOf: -1, counts: true },
  ])(
    'typed at $enteredAt, the code of the period starting $codeOf hours from 17:00 counts: $counts',
    async ({ enteredAt, codeOf, counts }) => {
      const member = await holder();
      const code = await codeAt(hourly, periodStart(codeOf));
      // Hourly codes of different periods may coincide (10,000 values): the case is then moot.
      const duplicates = await Promise.all(
        [-2, -1, 0, 1]
          .filter((step) => step !== codeOf)
          .map((step) => codeAt(hourly, periodStart(step))),
      );
      if (duplicates.includes(code)) return;
      const answer = await offline(member, hourly, { redemptionCode: code, enteredAt });
      expect(answer.statusCode, answer.body).toBe(counts ? 200 : 400);
      expect((await couponOf(ctx, member.pass, hourly.id)).redeemed).toBe(counts);
      expect(await attemptsOf(member)).toBe(counts ? 0 : 1);
    },
  );

  it('takes a static code offline as online', async () => {
    const member = await holder();
    const answer = await offline(member, fixed, {
      redemptionCode: '4321',
      enteredAt: new Date(NOW.getTime() - 3 * HOUR_MS),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('counts a code typed up to 24 hours before the sync, not earlier, and not one dated ahead of our clock', async () => {
    const member = await holder();
    const justInside = new Date(NOW.getTime() - DAY_MS + MINUTE_MS);
    const inside = await offline(member, hourly, {
      redemptionCode: await codeAt(hourly, justInside),
      enteredAt: justInside,
    });
    expect(inside.statusCode, inside.body).toBe(200);

    const late = await holder();
    const justOutside = new Date(NOW.getTime() - DAY_MS - MINUTE_MS);
    const old = await offline(late, hourly, {
      redemptionCode: await codeAt(hourly, justOutside),
      enteredAt: justOutside,
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe(
      'This code was typed offline on November 19, 2026 at 12:29 PM CST, more than 24 hours before it reached us, so it cannot be counted.',
    );
    const ahead = new Date(NOW.getTime() + 6 * MINUTE_MS);
    const future = await offline(late, hourly, {
      redemptionCode: await codeAt(hourly, ahead),
      enteredAt: ahead,
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toMatch(/later than now. Check your phone's date and time/);
    expect((await couponOf(ctx, late.pass, hourly.id)).redeemed).toBe(false);
    // Neither is a guess at the code.
    expect(await attemptsOf(late)).toBe(0);
  });

  it('refuses a code dated before the pass was bought, or before the shop joined (rule 7)', async () => {
    const enteredAt = new Date(NOW.getTime() - HOUR_MS);
    const member = await holder(new Date(enteredAt.getTime() + 1));
    const before = await offline(member, hourly, {
      redemptionCode: await codeAt(hourly, enteredAt),
      enteredAt,
    });
    expect(before.statusCode).toBe(422);
    expect(before.json().message).toMatch(/before your pass was bought, so it cannot be counted/);

    const newcomer = await insertBusiness(ctx.db, challenge.id, {
      name: 'New Roast',
      redemptionCode: '5678',
      createdAt: new Date(enteredAt.getTime() + 1),
    });
    // Bought after the shop joined, so the pass holds its coupon.
    const other = await holder();
    const joined = await offline(other, newcomer, { redemptionCode: '5678', enteredAt });
    expect(joined.statusCode).toBe(422);
    expect(joined.json().message).toMatch(/before New Roast joined the battle/);
    // At the instant it joined it counts.
    const counted = await offline(other, newcomer, {
      redemptionCode: '5678',
      enteredAt: newcomer.createdAt,
    });
    expect(counted.statusCode, counted.body).toBe(200);
  });

  it('answers the same nonce again as the first time and changes nothing, also sent in parallel', async () => {
    const member = await holder();
    const enteredAt = new Date(NOW.getTime() - 20 * MINUTE_MS);
    const body = {
      redemptionCode: await codeAt(hourly, enteredAt),
      enteredAt,
      nonce: randomUUID(),
    };
    const first = await offline(member, hourly, body);
    const again = await Promise.all([1, 2, 3].map(() => offline(member, hourly, body)));
    for (const answer of again) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(first.json());
    }
    expect(
      await ctx.db.$count(offlineRedemptions, eq(offlineRedemptions.passId, member.pass.id)),
    ).toBe(1);
    expect((await progressOf(member)).availableVotes).toBe(1);

    // A wrong code replayed is one guess and one email.
    const wrong = { redemptionCode: '0000', enteredAt, nonce: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => offline(member, fixed, wrong)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    expect(await attemptsOf(member)).toBe(1);
    const mails = await refusalMails(fixed);
    expect(mails.filter((mail) => mail.toAddress === member.email)).toHaveLength(1);

    // The nonce names one redemption: sent for another coupon, it is refused.
    const reused = await offline(member, fixed, { ...body, redemptionCode: '4321' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(
      'This offline redemption was already sent for another coupon.',
    );
    expect((await couponOf(ctx, member.pass, fixed.id)).redeemed).toBe(false);
  });

  it("mails a refusal in the member's language: the shop as the organizer wrote it, the reason said again", async () => {
    const member = await holder();
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    await ctx.db
      .update(businesses)
      .set({ translations: { es: { name: 'Granos por Hora' } } })
      .where(eq(businesses.id, hourly.id));
    try {
      const enteredAt = new Date(NOW.getTime() - 10 * MINUTE_MS);
      const wrongCode = (await codeAt(hourly, NOW)) === '9999' ? '9998' : '9999';
      // Sent from an English page: the email still speaks the member's saved language.
      const refused = await offline(member, hourly, { redemptionCode: wrongCode, enteredAt });
      expect(refused.statusCode).toBe(400);
      const [mail] = await ctx.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, member.email),
            eq(mailOutbox.subject, 'Tu cupón en Granos por Hora no contó'),
          ),
        );
      expect(mail?.textBody).toContain(
        'El código que escribiste sin conexión para tu cupón de $5 en Granos por Hora fue rechazado',
      );
      expect(mail?.textBody).toContain(
        'Código de canje incorrecto: no era el código del local cuando se escribió sin conexión el 20 de noviembre de 2026 a las 12:20 p.m. CST',
      );
      expect(mail?.textBody).not.toContain('Invalid redemption code');
    } finally {
      await ctx.db.update(businesses).set({ translations: {} }).where(eq(businesses.id, hourly.id));
    }
  });

  it('counts wrong codes typed offline against the pass’s guess limit, with those typed online', async () => {
    const member = await holder();
    const coupon = await couponOf(ctx, member.pass, fixed.id);
    for (const code of ['1000', '1001']) {
      const answer = await member.client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: code,
      });
      expect(answer.statusCode).toBe(400);
    }
    const enteredAt = new Date(NOW.getTime() - 5 * MINUTE_MS);
    const triesLeft = [];
    for (const code of ['1002', '1003', '1004']) {
      const answer = await offline(member, fixed, { redemptionCode: code, enteredAt });
      expect(answer.statusCode).toBe(400);
      triesLeft.push(answer.json().triesLeft);
    }
    expect(triesLeft).toEqual([2, 1, 0]);
    // Locked: even the right code typed offline waits, as online.
    const locked = await offline(member, fixed, { redemptionCode: '4321', enteredAt });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many incorrect redemption codes/);
    expect((await couponOf(ctx, member.pass, fixed.id)).redeemed).toBe(false);
    expect(await attemptsOf(member)).toBe(5);
  });

  it('refused at sync: the coupon says why and stays available, and the member gets an email', async () => {
    const member = await holder();
    const enteredAt = new Date(NOW.getTime() - 10 * MINUTE_MS);
    const wrongCode = (await codeAt(hourly, NOW)) === '9999' ? '9998' : '9999';
    const refused = await offline(member, hourly, { redemptionCode: wrongCode, enteredAt });
    expect(refused.statusCode).toBe(400);
    const message =
      "Invalid redemption code: it was not the shop's code when it was typed offline on November 20, 2026 at 12:20 PM CST";
    expect(refused.json()).toMatchObject({ message, triesLeft: 4 });
    const shown = (await progressOf(member)).coupons.find((c) => c.businessId === hourly.id);
    expect(shown).toMatchObject({
      redeemed: false,
      offlineRefusal: { message, enteredAt: enteredAt.toISOString() },
    });
    const [mail] = (await refusalMails(hourly)).filter((m) => m.toAddress === member.email);
    expect(mail?.textBody).toContain(message);
    expect(mail?.textBody).toContain('The coupon is still available');

    // Still available: the cashier's code now redeems it, and the refusal is no longer shown.
    const coupon = await couponOf(ctx, member.pass, hourly.id);
    const now = await member.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: await codeAt(hourly, NOW),
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(
      (await progressOf(member)).coupons.find((c) => c.businessId === hourly.id)?.offlineRefusal,
    ).toBeNull();
  });

  it('refuses a bad enteredAt or nonce, and a nonce without enteredAt, changing nothing', async () => {
    const member = await holder();
    const coupon = await couponOf(ctx, member.pass, fixed.id);
    const path = `/api/coupons/${coupon.id}/redeem`;
    const bad = [
      [{ redemptionCode: '4321', enteredAt: 'yesterday' }, 'Entered at must be a date and time'],
      [
        { redemptionCode: '4321', enteredAt: NOW.toISOString(), nonce: 'x' },
        'Nonce must be 8 to 64 letters, digits or dashes',
      ],
      [
        { redemptionCode: '4321', nonce: randomUUID() },
        'A nonce is only sent with enteredAt, for an offline redemption',
      ],
    ] as const;
    for (const [body, message] of bad) {
      const answer = await member.client.post(path, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    expect((await couponOf(ctx, member.pass, fixed.id)).redeemed).toBe(false);
    expect(
      await ctx.db.$count(offlineRedemptions, eq(offlineRedemptions.passId, member.pass.id)),
    ).toBe(0);
  });

  it('someone else’s coupon is not found offline either', async () => {
    const member = await holder();
    const stranger = await holder();
    const coupon = await couponOf(ctx, member.pass, fixed.id);
    const answer = await stranger.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: '4321',
      enteredAt: NOW.toISOString(),
      nonce: randomUUID(),
    });
    expect(answer.statusCode).toBe(404);
    expect((await couponOf(ctx, member.pass, fixed.id)).redeemed).toBe(false);
  });

  // Last: these move the clock past the battle's end (END, 20:30 UTC; grace 60 minutes).
  it('after the end, counts a code typed before it until the grace is over, earning no vote, said plainly', async () => {
    const member = await holder();
    const late = await holder();
    const after = await holder();
    const enteredAt = new Date(END.getTime() - 10 * MINUTE_MS);
    const code = await codeAt(hourly, enteredAt);
    ctx.clock.set(new Date(END.getTime() + 59 * MINUTE_MS));
    const inGrace = await offline(member, hourly, { redemptionCode: code, enteredAt });
    expect(inGrace.statusCode, inGrace.body).toBe(200);
    expect(inGrace.json().message).toBe(
      'Your $5 coupon at Hourly Beans, typed offline on November 20, 2026 at 2:20 PM CST, has been redeemed for the shop. The battle had ended when it reached us, so it earns no vote.',
    );
    const vote = await member.client.post('/api/vote', { businessId: hourly.id });
    expect(vote.statusCode).toBe(403);

    // A code typed after the end does not count, grace or not (the phase rule at enteredAt).
    const typedAfter = new Date(END.getTime() + MINUTE_MS);
    const ended = await offline(after, hourly, {
      redemptionCode: await codeAt(hourly, typedAfter),
      enteredAt: typedAfter,
    });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toMatch(/ended on .* You can no longer redeem coupons\.$/);

    ctx.clock.set(new Date(END.getTime() + 61 * MINUTE_MS));
    const tooLate = await offline(late, hourly, { redemptionCode: code, enteredAt });
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json().message).toBe(
      "This code was typed offline on November 20, 2026 at 2:20 PM CST but reached us after November 20, 2026 at 3:30 PM CST, too late to count after the battle's end.",
    );
    expect((await couponOf(ctx, late.pass, hourly.id)).redeemed).toBe(false);
    const [mail] = (await refusalMails(hourly)).filter((m) => m.toAddress === late.email);
    expect(mail?.textBody).toContain(
      'The battle has ended, so the coupon can no longer be redeemed.',
    );
    ctx.clock.set(NOW);
  });
});

describe('offline and online redeems of one coupon in parallel (truly parallel on PostgreSQL)', () => {
  it('redeems it once, earning one vote', async () => {
    const member = await holder();
    const coupon = await couponOf(ctx, member.pass, fixed.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? member.client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '4321' })
          : offline(member, fixed, {
              redemptionCode: '4321',
              enteredAt: new Date(NOW.getTime() - index * MINUTE_MS),
            }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    expect((await progressOf(member)).availableVotes).toBe(1);
    expect(
      await ctx.db.$count(
        coupons,
        and(eq(coupons.passId, member.pass.id), eq(coupons.redeemed, true)),
      ),
    ).toBe(1);
  });
});
