import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businesses, offlineRedemptions, type Business, type Challenge } from '../db/schema.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { couponOf, markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  createTestContext,
  queriesDuring,
  signedInAdmin,
  withTestApp,
  type TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';

/**
 * The member's reads of the organizer's texts speak the request's language
 * (docs/decisions/0050-content-languages.md), and the answers kept per member (docs/decisions/0032)
 * are kept per language: a validator of one language never earns a 304 for another's answer.
 */
const SPANISH = { 'accept-language': 'es' };
const ENGLISH = { 'accept-language': 'en' };

const read = (client: TestClient, url: string, headers: Record<string, string>) =>
  client.request({ method: 'GET', url, headers });

/** A pass holder whose coupon at the first shop was refused offline because the shop paused. */
async function holderWithOfflineRefusal(ctx: TestContext, challenge: Challenge, shop: Business) {
  const holder = await signedInPassHolder(ctx, challenge.id);
  const coupon = await couponOf(ctx, holder.pass, shop.id);
  await ctx.db.insert(offlineRedemptions).values({
    passId: holder.pass.id,
    couponId: coupon.id,
    nonce: `n-${String(coupon.id)}`,
    enteredAt: ctx.clock.now(),
    syncedAt: ctx.clock.now(),
    answer: { outcome: 'paused', shopName: 'Lane Roasters' },
  });
  return holder;
}

describe("a member's reads in the request's language", () => {
  let ctx: TestContext;
  let challenge: Challenge;
  let shops: Business[];
  beforeAll(async () => {
    ctx = await createTestContext({ memberAnswerTtlMs: 60_000 });
    ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { title: 'Language Battle' },
      shops: [
        { name: 'Lane Roasters', position: 0 },
        { name: 'Corner Cafe', position: 1 },
      ],
    }));
    await ctx.db
      .update(businesses)
      .set({ translations: { es: { name: 'Tostadores del Callejón' } } })
      .where(eq(businesses.id, shops[0]!.id));
  });
  afterAll(() => ctx.close());

  it('progress: en then es with the en validator gets the Spanish answer; es with its own is a 304', async () => {
    const { client } = await holderWithOfflineRefusal(ctx, challenge, shops[0]!);
    const english = await read(client, '/api/user/progress', ENGLISH);
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toBe('accept-language');
    expect(english.body).toContain('Lane Roasters is temporarily not accepting coupons.');
    const enTag = english.headers.etag as string;

    const spanish = await read(client, '/api/user/progress', {
      ...SPANISH,
      'if-none-match': enTag,
    });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.vary).toBe('accept-language');
    expect(spanish.body).toContain('Lane Roasters no está aceptando cupones por ahora.');
    const esTag = spanish.headers.etag as string;
    expect(esTag).not.toBe(enTag);

    const unchanged = await queriesDuring(ctx.database, () =>
      read(client, '/api/user/progress', { ...SPANISH, 'if-none-match': esTag }),
    );
    expect(unchanged.answer.statusCode).toBe(304);
    expect(unchanged.answer.headers.vary).toBe('accept-language');
    expect(unchanged.queries).toBe(0);
    // Each language keeps its own: the English validator still earns the English 304.
    expect(
      (await read(client, '/api/user/progress', { ...ENGLISH, 'if-none-match': enTag })).statusCode,
    ).toBe(304);
    expect(
      (await read(client, '/api/user/progress', { ...ENGLISH, 'if-none-match': esTag })).statusCode,
    ).toBe(200);
  });

  it("names the coupons' shops, the coupon's shop and the shops visited and voted in the request's language", async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    await markRedeemed(ctx, holder.pass, [shops[0]!.id]);
    expect((await holder.client.post('/api/vote', { businessId: shops[0]!.id })).statusCode).toBe(
      200,
    );
    for (const [headers, name] of [
      [SPANISH, 'Tostadores del Callejón'],
      [ENGLISH, 'Lane Roasters'],
    ] as const) {
      const shop = await read(holder.client, `/api/businesses/coupon/${coupon.id}`, headers);
      expect(shop.statusCode).toBe(200);
      expect(shop.headers.vary).toBe('accept-language');
      expect(shop.json()).toMatchObject({ id: shops[0]!.id, name });
      const coupons = await read(holder.client, '/api/user/coupons', headers);
      expect(coupons.headers.vary).toBe('accept-language');
      expect(
        coupons.json<{ business: { name: string } }[]>().map((one) => one.business.name),
      ).toEqual([name, 'Corner Cafe']);
      for (const url of ['/api/user/visited-businesses', '/api/user/voted-businesses']) {
        const listed = await read(holder.client, url, headers);
        expect(listed.headers.vary, url).toBe('accept-language');
        expect(
          listed.json<{ name: string }[]>().map((one) => one.name),
          url,
        ).toEqual([name]);
      }
    }
  });

  it("gives the member's draws their prize in the request's language", async () => {
    const { client: organizer } = await signedInAdmin(ctx.app, ctx.db);
    const created = await organizer.post(`/api/admin/challenges/${challenge.id}/draws`, {
      prize: 'A year of coffee',
      winnerCount: 1,
      entries: 'passes',
      translations: { es: { prize: 'Un año de café' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const holder = await signedInPassHolder(ctx, challenge.id);
    const prizes = async (headers: Record<string, string>) => {
      const answer = await read(holder.client, '/api/user/draws', headers);
      expect(answer.headers.vary).toBe('accept-language');
      return answer.json<{ draws: { prize: string }[] }>().draws.map((draw) => draw.prize);
    };
    expect(await prizes(SPANISH)).toEqual(['Un año de café']);
    expect(await prizes(ENGLISH)).toEqual(['A year of coffee']);
  });
});

describe('the kept-answer lane and a member’s answer in two languages', () => {
  it('answers an unchanged poll from memory only in the language its validator was made for', async () => {
    await withTestApp({ memberAnswerTtlMs: 60_000 }, async (ctx) => {
      const { challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
        shops: [{ name: 'Lane Roasters', position: 0 }],
      });
      const holder = await holderWithOfflineRefusal(ctx, challenge, shops[0]!);
      const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const lane = ctx.app.keptAnswerLane!;
      const cookie = `${holder.client.cookie!}; ${SIGNED_IN_HINT_COOKIE}=1`;
      const poll = (headers: Record<string, string>) =>
        fetch(`${origin}/api/user/progress`, { headers: { cookie, ...headers } });

      const enTag = (await poll(ENGLISH)).headers.get('etag')!;
      const answered = lane.answered();
      const spanish = await poll({ ...SPANISH, 'if-none-match': enTag });
      expect(spanish.status).toBe(200);
      expect(await spanish.text()).toContain('no está aceptando cupones');
      expect(lane.answered()).toBe(answered);
      const esTag = spanish.headers.get('etag')!;
      const unchanged = await poll({ ...SPANISH, 'if-none-match': esTag });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get('vary')).toBe('accept-language');
      expect(lane.answered()).toBe(answered + 1);
    });
  });
});
