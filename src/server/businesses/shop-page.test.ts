import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { ShopPage } from '#shared/shop-side.ts';
import { businesses, passes, type Business, type Challenge } from '#server/db/schema.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limits.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60 * 1000;

const ctx = useTestApp();
let admin: TestClient;
let anonymous: TestClient;
let challenge: Challenge;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  anonymous = new TestClient(ctx.app);
  // Noon in Chicago, mid-battle: a day boundary is hours away.
  ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), { timeZone: 'America/Chicago' });
});

async function shopWithLink(overrides: Partial<typeof businesses.$inferInsert> = {}) {
  const shop = await insertBusiness(ctx.db, challenge.id, overrides);
  const issued = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
  expect(issued.statusCode, issued.body).toBe(201);
  const url = issued.json<{ url: string }>().url;
  const token = url.split('/shop/')[1]!;
  return { shop, url, token };
}

const pageOf = async (token: string) => {
  const answer = await anonymous.get(`/api/shop/${token}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ShopPage>();
};

async function redeem(
  holder: Awaited<ReturnType<typeof signedInPassHolder>>,
  shop: Business,
  code: string,
) {
  const coupon = await couponOf(ctx, holder.pass, shop.id);
  return holder.client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: code });
}

/** An instant to the minute, as the shop's page says it (`2026-11-20T18:00Z`). */
const minuteOf = (instant: Date) => `${instant.toISOString().slice(0, 16)}Z`;

describe('redemptions on the shop’s page (docs/decisions/0030)', () => {
  it('are numbered per shop in redemption order, to the minute, and no pass, coupon or member id reaches a shop-link answer', async () => {
    const started = ctx.clock.now();
    // Ids no other figure on the page can hold, so finding one in the JSON means it leaked.
    await ctx.db.execute(sql`alter sequence passes_id_seq restart with 7300001`);
    await ctx.db.execute(sql`alter sequence coupons_id_seq restart with 8300001`);
    await ctx.db.execute(sql`alter sequence users_id_seq restart with 9300001`);
    // Joined before the test clock's day (the database dates a new row by its own clock).
    const { shop, token } = await shopWithLink({
      redemptionCode: '3691',
      createdAt: new Date(started.getTime() - DAY_MS),
    });
    const { shop: elsewhere } = await shopWithLink({ redemptionCode: '3692' });
    const holders = [];
    const times: Date[] = [];
    for (let visit = 1; visit <= 3; visit += 1) {
      const holder = await signedInPassHolder(ctx, challenge.id);
      holders.push(holder);
      // A redemption elsewhere in between: global counts are not the shop's visits.
      expect((await redeem(holder, elsewhere, '3692')).statusCode).toBe(200);
      ctx.clock.advance(61_234);
      times.push(ctx.clock.now());
      if (visit !== 2) {
        expect((await redeem(holder, shop, '3691')).statusCode).toBe(200);
        continue;
      }
      // The second visit's code was typed offline a minute before the phone synced
      // (docs/decisions/0042): numbered at the sync, marked apart. The pass is dated as the shop.
      await ctx.db
        .update(passes)
        .set({ purchaseDate: new Date(started.getTime() - DAY_MS) })
        .where(eq(passes.id, holder.pass.id));
      const coupon = await couponOf(ctx, holder.pass, shop.id);
      const offline = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: '3691',
        enteredAt: new Date(ctx.clock.now().getTime() - MINUTE_MS).toISOString(),
        nonce: `shop-page-${holder.pass.id}`,
      });
      expect(offline.statusCode, offline.body).toBe(200);
    }
    const page = await pageOf(token);
    expect(page.recentRedemptions).toEqual([
      { visitNumber: 3, redeemedAt: minuteOf(times[2]!), offline: false },
      { visitNumber: 2, redeemedAt: minuteOf(times[1]!), offline: true },
      { visitNumber: 1, redeemedAt: minuteOf(times[0]!), offline: false },
    ]);
    expect(page.offlineRedeemed).toBe(1);
    expect(times[0]!.getUTCSeconds()).not.toBe(0);

    const paused = await anonymous.post(`/api/shop/${token}/pause`, { paused: true });
    const answers = [JSON.stringify(page), paused.body];
    const coupons = await Promise.all(holders.map((holder) => couponOf(ctx, holder.pass, shop.id)));
    const ids = holders.flatMap((holder) => [holder.pass.id, holder.user.id]);
    ids.push(...coupons.map((coupon) => coupon.id));
    expect(Math.min(...ids)).toBeGreaterThan(7_300_000);
    for (const answer of answers) {
      for (const id of ids) expect(answer).not.toContain(String(id));
      // Nothing finer than the minute: no redemption time carries seconds.
      expect(answer).toContain('"redeemedAt"');
      expect(answer).not.toMatch(/"redeemedAt":"[^"]*:\d{2}:/);
    }
    ctx.clock.set(started);
  });
});

describe('first visits on the shop’s page', () => {
  it('counts the redemptions whose member said it was their first time there', async () => {
    const { shop, token } = await shopWithLink({ redemptionCode: '6543' });
    for (const firstVisit of [true, false, undefined, true]) {
      const holder = await signedInPassHolder(ctx, challenge.id);
      const coupon = await couponOf(ctx, holder.pass, shop.id);
      const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: '6543',
        ...(firstVisit === undefined ? {} : { firstVisit }),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(await pageOf(token)).toMatchObject({ redeemedTotal: 4, firstVisits: 2 });
  });
});

describe('a shop’s private link', () => {
  it('opens that shop’s page only, with its code, figures and redemptions but no member’s name', async () => {
    const { shop, url, token } = await shopWithLink({ redemptionCode: '4321' });
    const other = await shopWithLink();
    expect(url).toBe(`http://localhost/shop/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await ctx.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(stored!.shopLinkHash).not.toContain(token);

    const holder = await signedInPassHolder(ctx, challenge.id);
    expect((await redeem(holder, shop, '4321')).statusCode).toBe(200);
    const page = await pageOf(token);
    expect(page).toMatchObject({
      shop: { id: shop.id, name: shop.name },
      challenge: { id: challenge.id, timeZone: 'America/Chicago' },
      redeemedToday: 1,
      redeemedTotal: 1,
      earnedDollars: 5,
      paidDollars: 0,
      owedDollars: 5,
      payouts: [],
      couponValueDollars: 5,
      currentCode: { code: '4321', rotation: 'off', validUntil: null },
      paused: false,
      dailyCap: null,
    });
    expect(page.recentRedemptions).toEqual([
      { visitNumber: 1, redeemedAt: minuteOf(ctx.clock.now()), offline: false },
    ]);
    const body = JSON.stringify(page);
    expect(body).not.toContain(holder.user.username);
    expect(body).not.toContain('@example.com');
    expect(body).not.toContain(stored!.codeSecret);
    expect((await pageOf(other.token)).redeemedTotal).toBe(0);
    // Nobody answered 'First time at …?' yet: no new customers counted.
    expect(page.firstVisits).toBe(0);

    // Another day in the city: today starts again at 0, the total stays.
    ctx.clock.advance(DAY_MS);
    expect(await pageOf(token)).toMatchObject({ redeemedToday: 0, redeemedTotal: 1 });
    ctx.clock.advance(-DAY_MS);
  });

  it("names the shop and the battle in the page's language, else in the battle's own (docs/decisions/0050)", async () => {
    const battle = await insertChallenge(ctx.db, ctx.clock.now(), {
      title: 'Taco Battle',
      translations: { es: { title: 'Batalla de Tacos' } },
      active: false,
    });
    const shop = await insertBusiness(ctx.db, battle.id, {
      name: 'Corner Tacos',
      translations: { es: { name: 'Tacos de la Esquina' } },
    });
    const issued = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
    expect(issued.statusCode, issued.body).toBe(201);
    const token = issued.json<{ url: string }>().url.split('/shop/')[1]!;
    const readIn = async (acceptLanguage: string) => {
      const answer = await anonymous.request({
        method: 'GET',
        url: `/api/shop/${token}`,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers.vary).toContain('Accept-Language');
      return answer.json<ShopPage>();
    };
    const spanish = await readIn('es-US,es;q=0.9');
    expect(spanish.shop.name).toBe('Tacos de la Esquina');
    expect(spanish.challenge.title).toBe('Batalla de Tacos');
    const english = await readIn('en-US,en;q=0.9');
    expect(english.shop.name).toBe('Corner Tacos');
    expect(english.challenge.title).toBe('Taco Battle');
    // A language the organizer did not write reads the battle's own texts.
    await ctx.db.update(businesses).set({ translations: {} }).where(eq(businesses.id, shop.id));
    expect((await readIn('es')).shop.name).toBe('Corner Tacos');
  });

  it('stops working when re-issued or revoked; unknown and malformed tokens are refused', async () => {
    const { shop, token } = await shopWithLink();
    const reissued = await admin.post(`/api/admin/businesses/${shop.id}/shop-link`);
    const newToken = reissued.json<{ url: string }>().url.split('/shop/')[1]!;
    expect((await anonymous.get(`/api/shop/${token}`)).json()).toEqual({
      message: 'This shop link is not valid. Ask the organizer for a new one.',
    });
    expect((await anonymous.get(`/api/shop/${newToken}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/businesses/${shop.id}/shop-link`)).statusCode).toBe(204);
    expect((await anonymous.get(`/api/shop/${newToken}`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/shop/short')).statusCode).toBe(400);
    expect((await anonymous.post(`/api/shop/${newToken}/pause`, { paused: true })).statusCode).toBe(
      404,
    );
    const admins = await admin.get(`/api/admin/challenges/${challenge.id}/businesses`);
    expect(
      admins.json<{ id: number; shopLinkIssued: boolean }[]>().find((row) => row.id === shop.id),
    ).toMatchObject({ shopLinkIssued: false });
  });

  it('is the only key it is: never the admin APIs, and only organizers issue links', async () => {
    const { shop, token } = await shopWithLink();
    const member = await signedInMember(ctx.app);
    for (const client of [anonymous, member.client]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.post(`/api/admin/businesses/${shop.id}/shop-link`)).statusCode).toBe(
        expected,
      );
      expect((await client.delete(`/api/admin/businesses/${shop.id}/shop-link`)).statusCode).toBe(
        expected,
      );
    }
    const withToken = await anonymous.request({
      method: 'GET',
      url: `/api/admin/challenges/${challenge.id}/businesses?token=${token}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(401);
    // Public and member answers carry no secret of the shop.
    const publicShop = (await anonymous.get(`/api/businesses/${shop.id}`)).json<
      Record<string, unknown>
    >();
    expect(Object.keys(publicShop)).not.toEqual(
      expect.arrayContaining(['redemptionCode', 'codeSecret', 'shopLinkHash', 'shopLinkIssued']),
    );
  });

  it('keeps the token out of request logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { buildApp } = await import('#server/app.ts');
    const app = await buildApp({
      db: ctx.db,
      config: { clientDir: '/nonexistent', publicCacheTtlMs: 0 },
      clock: ctx.clock,
      logger: { level: 'info', stream },
    });
    const { token } = await shopWithLink();
    await app.inject({ method: 'GET', url: `/api/shop/${token}` });
    await app.inject({ method: 'GET', url: `/shop/${token}` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/shop/[redacted]');
    expect(log).not.toContain(token);
  });
});

describe('limits on a shop’s link (docs/SECURITY.md)', () => {
  const perToken = RATE_LIMITS.shopLinkPerToken.max;
  const perAddress = RATE_LIMITS.shopLinkPerAddress.max;
  const expectLimited = (answer: { statusCode: number; headers: object; json: () => unknown }) => {
    expect(answer.statusCode).toBe(429);
    expect(answer.headers).toHaveProperty('retry-after');
    expect(answer.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
  };

  it('one link answers its limit a minute, reads and pauses together, from any number of addresses', async () => {
    const { shop, token } = await shopWithLink();
    const other = await shopWithLink();
    for (let read = 1; read < perToken; read += 1) {
      expect((await new TestClient(ctx.app).get(`/api/shop/${token}`)).statusCode).toBe(200);
    }
    const pause = (client: TestClient) => client.post(`/api/shop/${token}/pause`, { paused: true });
    expect((await pause(new TestClient(ctx.app))).statusCode).toBe(200);
    expectLimited(await new TestClient(ctx.app).get(`/api/shop/${token}`));
    const refusedPause = await pause(new TestClient(ctx.app));
    expectLimited(refusedPause);
    // The refused pause changed nothing; other links still answer.
    const [stored] = await ctx.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(stored!.paused).toBe(true);
    expect((await new TestClient(ctx.app).get(`/api/shop/${other.token}`)).statusCode).toBe(200);
  });

  it('one address is refused past its limit a minute, valid links or guesses alike; others are not', async () => {
    const { token } = await shopWithLink();
    const guesser = new TestClient(ctx.app);
    for (let guess = 0; guess < perAddress; guess += 1) {
      const answer = await guesser.get(`/api/shop/${randomBytes(24).toString('base64url')}`);
      expect(answer.statusCode).toBe(404);
    }
    expectLimited(await guesser.get(`/api/shop/${token}`));
    expectLimited(await guesser.post(`/api/shop/${token}/pause`, { paused: true }));
    expect(await pageOf(token)).toMatchObject({ paused: false });
  });
});

describe('pause and daily cap', () => {
  it('a paused shop takes no coupon and says so; the shop page resumes it', async () => {
    const { shop, token } = await shopWithLink({ redemptionCode: '1357' });
    const holder = await signedInPassHolder(ctx, challenge.id);
    expect(
      (await anonymous.post(`/api/shop/${token}/pause`, { paused: true })).json(),
    ).toMatchObject({ paused: true });
    expect((await anonymous.get(`/api/businesses/${shop.id}`)).json()).toMatchObject({
      paused: true,
    });
    const refused = await redeem(holder, shop, '1357');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `${shop.name} is temporarily not accepting coupons.`,
    });
    expect((await couponOf(ctx, holder.pass, shop.id)).redeemed).toBe(false);

    await anonymous.post(`/api/shop/${token}/pause`, { paused: false });
    expect((await redeem(holder, shop, '1357')).statusCode).toBe(200);
    // The organizer pauses from the admin API too.
    await admin.patch(`/api/admin/businesses/${shop.id}`, { paused: true });
    expect((await pageOf(token)).paused).toBe(true);
  });

  it('a daily cap holds under parallel redemptions and opens again the next day in the city', async () => {
    const { shop } = await shopWithLink({ redemptionCode: '2468', dailyCap: 2 });
    const holders = [];
    for (let index = 0; index < 5; index += 1)
      holders.push(await signedInPassHolder(ctx, challenge.id));
    const answers = await Promise.all(holders.map((holder) => redeem(holder, shop, '2468')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.every((answer) => answer.statusCode === 409)).toBe(true);
    expect(refused[0]!.json()).toEqual({
      message: `${shop.name} has reached today's limit of 2 coupons. Try again tomorrow.`,
    });
    // Chicago's midnight is 06:00 UTC, 12 hours on from noon there.
    ctx.clock.advance(12 * HOUR_MS + 30 * MINUTE_MS);
    const late = holders.find((_holder, index) => answers[index]!.statusCode !== 200)!;
    expect((await redeem(late, shop, '2468')).statusCode).toBe(200);
    ctx.clock.advance(-(12 * HOUR_MS + 30 * MINUTE_MS));
  });
});

describe('rotating codes', () => {
  it('accept the current period’s code, the previous one only for 10 minutes, and never the static code', async () => {
    const { shop, token } = await shopWithLink({ redemptionCode: '9753' });
    expect(
      (await admin.patch(`/api/admin/businesses/${shop.id}`, { codeRotation: 'daily' })).json(),
    ).toMatchObject({ codeRotation: 'daily' });
    const today = (await pageOf(token)).currentCode;
    expect(today.rotation).toBe('daily');
    expect(today.code).toMatch(/^[0-9]{4}$/);
    // Valid until the next midnight in Chicago (06:00 UTC).
    expect(today.validUntil).toBe('2026-11-21T06:00:00.000Z');

    const member = async () => signedInPassHolder(ctx, challenge.id);
    const first = await member();
    const staticCode = await redeem(first, shop, '9753');
    expect(staticCode.statusCode).toBe(400);
    if (today.code !== '9753') expect((await redeem(first, shop, today.code)).statusCode).toBe(200);

    // Five minutes after midnight: a new code, yesterday's still accepted (grace).
    ctx.clock.set(new Date('2026-11-21T06:05:00Z'));
    const tomorrow = (await pageOf(token)).currentCode;
    expect(tomorrow.validUntil).toBe('2026-11-22T06:00:00.000Z');
    expect((await redeem(await member(), shop, today.code)).statusCode).toBe(200);
    // Eleven minutes after: yesterday's code is refused, today's works.
    ctx.clock.set(new Date('2026-11-21T06:11:00Z'));
    const lateMember = await member();
    if (today.code !== tomorrow.code) {
      expect((await redeem(lateMember, shop, today.code)).statusCode).toBe(400);
    }
    expect((await redeem(lateMember, shop, tomorrow.code)).statusCode).toBe(200);

    // Hourly: the code changes on the hour; off again: the static code works again.
    await admin.patch(`/api/admin/businesses/${shop.id}`, { codeRotation: 'hourly' });
    const hourly = (await pageOf(token)).currentCode;
    expect(hourly.validUntil).toBe('2026-11-21T07:00:00.000Z');
    expect((await redeem(await member(), shop, hourly.code)).statusCode).toBe(200);
    await admin.patch(`/api/admin/businesses/${shop.id}`, { codeRotation: 'off' });
    expect((await redeem(await member(), shop, '9753')).statusCode).toBe(200);
    ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  });

  it('the organizer’s list and shop answers show the code the counter accepts now, not the static one', async () => {
    const { shop, token } = await shopWithLink({ redemptionCode: '8642' });
    const adminShop = async () =>
      (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`))
        .json<AdminBusiness[]>()
        .find((row) => row.id === shop.id)!;
    expect((await adminShop()).currentCode).toEqual({
      code: '8642',
      rotation: 'off',
      validUntil: null,
    });

    const switched = await admin.patch(`/api/admin/businesses/${shop.id}`, {
      codeRotation: 'hourly',
    });
    const shown = switched.json<AdminBusiness>().currentCode;
    expect(shown).toEqual((await pageOf(token)).currentCode);
    expect(shown).toMatchObject({ rotation: 'hourly', validUntil: '2026-11-20T19:00:00.000Z' });
    expect((await adminShop()).currentCode).toEqual(shown);
    // What the list shows is what the counter takes; the static code it kept is refused.
    const holder = await signedInPassHolder(ctx, challenge.id);
    if (shown.code !== '8642') expect((await redeem(holder, shop, '8642')).statusCode).toBe(400);
    expect((await redeem(holder, shop, shown.code)).statusCode).toBe(200);

    // The next hour, a new code, and the list follows.
    ctx.clock.advance(HOUR_MS);
    const next = (await adminShop()).currentCode;
    expect(next).toEqual((await pageOf(token)).currentCode);
    expect(next.validUntil).toBe('2026-11-20T20:00:00.000Z');
    ctx.clock.advance(-HOUR_MS);
  });

  it('wrong codes still count towards the lock', async () => {
    const { shop, token } = await shopWithLink({ codeRotation: 'hourly' });
    const { code } = (await pageOf(token)).currentCode;
    const holder = await signedInPassHolder(ctx, challenge.id);
    const wrong = ['1111', '2222', '3333', '4444', '5555', '6666', '7777'].filter(
      (each) => each !== code,
    );
    const statuses = [];
    for (const each of wrong.slice(0, 5))
      statuses.push((await redeem(holder, shop, each)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Locked now, even with the right code.
    expect((await redeem(holder, shop, code)).statusCode).toBe(429);
  });
});
