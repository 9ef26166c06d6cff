import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businesses, type Business, type Challenge } from './db/schema.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  signedInAdmin,
  signedInMember,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { apiMessageIn } from './api-messages.ts';
import { formatInstant } from '#shared/date-range.ts';

/**
 * The API's messages in the request's language (docs/decisions/0049-api-and-mail-languages.md):
 * the same bad request answered in English, the code's own words, and in Spanish when the
 * request's Accept-Language prefers it, as the web app's Spanish pages send.
 */
const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    shops: [{ redemptionCode: '1111' }],
  }));
});

const SPANISH = { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

describe('API error messages in the request language', () => {
  it('a validation error, with each of its errors[]', async () => {
    const register = (headers: Record<string, string>) =>
      new TestClient(ctx.app).request({
        method: 'POST',
        url: '/api/register',
        headers,
        payload: { username: 'ab', email: 'nope', fullName: 'A B', password: 'password123' },
      });
    const english = await register(ENGLISH);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      message: 'Username must be at least 3 characters',
      errors: [
        { path: 'username', message: 'Username must be at least 3 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
      ],
    });
    const spanish = await register(SPANISH);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({
      message: 'El nombre de usuario debe tener al menos 3 caracteres',
      errors: [
        { path: 'username', message: 'El nombre de usuario debe tener al menos 3 caracteres' },
        { path: 'email', message: 'Escribe un correo electrónico válido' },
      ],
    });
  });

  it("a rule function's refusal: a wrong redemption code, with its fields beside the message", async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    const redeem = (headers: Record<string, string>) =>
      holder.client.request({
        method: 'POST',
        url: `/api/coupons/${coupon.id}/redeem`,
        headers,
        payload: { redemptionCode: '9999' },
      });
    const english = await redeem(ENGLISH);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ message: 'Invalid redemption code', triesLeft: 4 });
    const spanish = await redeem(SPANISH);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({ message: 'Código de canje incorrecto', triesLeft: 3 });
  });

  it("names the shop as the organizer wrote it in the answer's language: a vote, its reset, and a redeem's refusals", async () => {
    await ctx.db
      .update(businesses)
      .set({ translations: { es: { name: 'Tostadores del Callejón' } } })
      .where(eq(businesses.id, shops[0]!.id));
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    const redeem = (
      headers: Record<string, string>,
      client = holder.client,
      couponId = coupon.id,
    ) =>
      client.request({
        method: 'POST',
        url: `/api/coupons/${couponId}/redeem`,
        headers,
        payload: { redemptionCode: '1111' },
      });
    expect((await redeem(SPANISH)).statusCode).toBe(200);
    expect((await redeem(SPANISH)).json()).toEqual({
      message: 'Este cupón ya se canjeó en Tostadores del Callejón. No se cambió nada.',
    });
    expect((await redeem(ENGLISH)).json()).toEqual({
      message: 'This coupon was already redeemed at Shop 1. Nothing was changed.',
    });

    const vote = await holder.client.request({
      method: 'POST',
      url: '/api/vote',
      headers: SPANISH,
      payload: { businessId: shops[0]!.id },
    });
    expect(vote.json()).toEqual({
      message: 'Se registró tu voto por Tostadores del Callejón.',
      availableVotes: 0,
      votesForShop: 1,
    });
    const reset = await holder.client.request({
      method: 'POST',
      url: '/api/reset-votes',
      headers: SPANISH,
    });
    expect(reset.json()).toEqual({ message: 'Se reiniciaron tus votos (quitados: 1).' });

    const other = await signedInPassHolder(ctx, challenge.id);
    const othersCoupon = await couponOf(ctx, other.pass, shops[0]!.id);
    await ctx.db.update(businesses).set({ paused: true }).where(eq(businesses.id, shops[0]!.id));
    try {
      const paused = await redeem(SPANISH, other.client, othersCoupon.id);
      expect([paused.statusCode, paused.json()]).toEqual([
        409,
        { message: 'Tostadores del Callejón no está aceptando cupones por ahora.' },
      ]);
      expect((await redeem(ENGLISH, other.client, othersCoupon.id)).json()).toEqual({
        message: 'Shop 1 is temporarily not accepting coupons.',
      });
    } finally {
      await ctx.db
        .update(businesses)
        .set({ paused: false, translations: {} })
        .where(eq(businesses.id, shops[0]!.id));
    }
  });

  it('401 signed out and 403 for a member on an organizer route', async () => {
    const signedOut = new TestClient(ctx.app);
    const english = await signedOut.request({ method: 'GET', url: '/api/user/coupons' });
    expect([english.statusCode, english.json()]).toEqual([
      401,
      { message: 'You must be signed in.' },
    ]);
    const spanish = await signedOut.request({
      method: 'GET',
      url: '/api/user/coupons',
      headers: SPANISH,
    });
    expect([spanish.statusCode, spanish.json()]).toEqual([
      401,
      { message: 'Tienes que iniciar sesión.' },
    ]);

    const { client } = await signedInMember(ctx.app);
    const forbidden = await client.request({
      method: 'GET',
      url: '/api/admin/challenges',
      headers: SPANISH,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Solo los organizadores pueden hacer eso.' });
  });

  it('a message built from values, each translated where it is a message too', async () => {
    const { client } = await signedInMember(ctx.app);
    const answer = await client.request({
      method: 'PUT',
      url: '/api/user/language',
      headers: SPANISH,
      payload: { language: 'fr' },
    });
    expect(answer.json()).toEqual({ message: 'Elige uno de los idiomas de este sitio: en, es' });
    expect(
      apiMessageIn('Too many incorrect redemption codes. Please try again in 5 minutes.', 'es'),
    ).toBe('Demasiados códigos de canje incorrectos. Vuelve a intentarlo en 5 minutos.');
    expect(
      apiMessageIn(
        "Invalid redemption code: it was not the shop's code when it was typed offline on Nov 12",
        'es',
      ),
    ).toBe(
      'Código de canje incorrecto: no era el código del local cuando se escribió sin conexión el Nov 12',
    );
  });

  it("a shop's hours that are not a JSON object of hours, with its example as written", async () => {
    const { client: organizer } = await signedInAdmin(ctx.app, ctx.db);
    const create = (headers: Record<string, string>) =>
      organizer.request({
        method: 'POST',
        url: '/api/admin/businesses',
        headers,
        payload: {
          challengeId: challenge.id,
          name: 'Hours Cafe',
          description: 'Coffee',
          address: '1 Main St',
          redemptionCode: '4455',
          hours: 'Mon-Fri 9-5',
        },
      });
    const example = '{"Monday - Friday": "6:30am - 8:00pm"}';
    expect((await create(ENGLISH)).json()).toMatchObject({
      message: `Hours must be a JSON object of days to hours, e.g. ${example}`,
    });
    const spanish = await create(SPANISH);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({
      message: `El horario debe ser un objeto JSON de días a horarios, por ejemplo ${example}`,
    });
    expect(
      apiMessageIn(`Line 3: Hours must be a JSON object of days to hours, e.g. ${example}`, 'es'),
    ).toBe(
      `Línea 3: El horario debe ser un objeto JSON de días a horarios, por ejemplo ${example}`,
    );
  });

  it("writes a refusal's date in the answer's locale, not the English date", async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    const start = ctx.clock.now();
    ctx.clock.set(new Date(challenge.endDate.getTime() + 60_000));
    try {
      const redeem = (headers: Record<string, string>) =>
        holder.client.request({
          method: 'POST',
          url: `/api/coupons/${coupon.id}/redeem`,
          headers,
          payload: { redemptionCode: '1111' },
        });
      const english = await redeem(ENGLISH);
      expect(english.statusCode).toBe(403);
      expect(english.json()).toEqual({
        message: `${challenge.title} ended on ${formatInstant(challenge.endDate, challenge.timeZone)}. You can no longer redeem coupons.`,
      });
      const spanish = await redeem(SPANISH);
      expect(spanish.statusCode).toBe(403);
      const date = formatInstant(challenge.endDate, challenge.timeZone, { locale: 'es-US' });
      expect(date).toMatch(/^\d{1,2} de [a-z]+ de \d{4} a las /);
      expect(spanish.json()).toEqual({
        message: `${challenge.title} terminó el ${date}. Ya no puedes canjear cupones.`,
      });
    } finally {
      ctx.clock.set(start);
    }
  });

  it("translates zod's own messages, where a schema gives no words of its own", async () => {
    const { client } = await signedInMember(ctx.app);
    const send = (headers: Record<string, string>) =>
      client.request({
        method: 'PUT',
        url: '/api/user/language',
        headers,
        payload: {},
      });
    expect((await send(ENGLISH)).json()).toMatchObject({
      message: 'Invalid input: expected string, received undefined',
    });
    expect((await send(SPANISH)).json()).toMatchObject({
      message: 'Valor no válido: se esperaba un texto y llegó nada',
    });
    expect(apiMessageIn('Too big: expected string to have <=200 characters', 'es')).toBe(
      'Muy largo: puede tener como máximo 200 caracteres',
    );
    expect(apiMessageIn('Invalid option: expected one of "en"|"es"', 'es')).toBe(
      'Opción no válida: se esperaba una de estas: "en"|"es"',
    );
  });

  it('speaks English without Accept-Language, for a language the site does not have, and where Spanish is off', async () => {
    const ask = (app: TestClient, headers: Record<string, string>) =>
      app.request({ method: 'GET', url: '/api/user/coupons', headers });
    expect((await ask(new TestClient(ctx.app), {})).json()).toEqual({
      message: 'You must be signed in.',
    });
    expect((await ask(new TestClient(ctx.app), { 'accept-language': 'fr' })).json()).toEqual({
      message: 'You must be signed in.',
    });
    await withTestApp(
      { languages: { languages: ['en'], defaultLanguage: 'en' } },
      async (other) => {
        expect((await ask(new TestClient(other.app), SPANISH)).json()).toEqual({
          message: 'You must be signed in.',
        });
      },
    );
  });
});
