import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../db/schema.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { signedInAdmin, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

/** docs/decisions/0050-content-languages.md; the public answers kept as in production. */
const ctx = useTestApp({ publicCacheTtlMs: 60_000 });
let admin: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  visitor = new TestClient(ctx.app);
});

const read = (url: string, language?: string) =>
  visitor.request({
    method: 'GET',
    url,
    headers: language ? { 'accept-language': language } : {},
  });

/** A running battle, created through the organizer's API. */
async function createBattle(body: object = {}) {
  const now = ctx.clock.now().getTime();
  const created = await admin.post('/api/admin/challenges', {
    title: 'Coffee Battle',
    description: 'Thirty days of coffee',
    startDate: new Date(now - DAY_MS).toISOString(),
    endDate: new Date(now + 20 * DAY_MS).toISOString(),
    price: 20,
    active: true,
    ...body,
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: number; contentLanguage: string; translations: object }>();
}

/** Unpublishes the battle, so the next test's battle is the one running. */
async function retire(battle: { id: number }) {
  expect(
    (await admin.patch(`/api/admin/challenges/${String(battle.id)}`, { active: false })).statusCode,
  ).toBe(200);
}

describe('organizer content per language', () => {
  it('keeps a battle’s texts in the other languages, without the empty ones, and refuses a language the site does not speak', async () => {
    const battle = await createBattle({
      translations: { es: { title: 'Batalla del café', description: '  ' } },
    });
    expect(battle).toMatchObject({
      contentLanguage: 'en',
      translations: { es: { title: 'Batalla del café' } },
    });
    const listed = (await admin.get('/api/admin/challenges')).json<{ translations: object }[]>();
    expect(listed[0]!.translations).toEqual({ es: { title: 'Batalla del café' } });

    for (const body of [
      { translations: { fr: { title: 'Bataille du café' } } },
      { contentLanguage: 'de' },
    ]) {
      const refused = await admin.patch(`/api/admin/challenges/${String(battle.id)}`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: "Choose one of this site's languages: en, es" });
    }
    // A translation in the content language is the battle's own text: not kept beside it.
    const patched = await admin.patch(`/api/admin/challenges/${String(battle.id)}`, {
      translations: { en: { title: 'Other' }, es: { title: 'Batalla del café' } },
    });
    expect(patched.json<{ translations: object }>().translations).toEqual({
      es: { title: 'Batalla del café' },
    });
    await retire(battle);
  });

  it('answers the public reads in the request’s language, each missing text in the battle’s, with Vary: Accept-Language', async () => {
    const battle = await createBattle({
      translations: { es: { title: 'Batalla del café', description: '' } },
    });
    for (const url of ['/api/challenge/active', '/api/challenges']) {
      const spanish = await read(url, 'es-MX,es;q=0.9,en;q=0.5');
      expect(spanish.headers.vary).toBe('accept-language');
      expect(spanish.body).toContain('"title":"Batalla del café"');
      // No Spanish description: the English one.
      expect(spanish.body).toContain('"description":"Thirty days of coffee"');
      for (const english of [await read(url, 'en-US'), await read(url), await read(url, 'fr')]) {
        expect(english.headers.vary).toBe('accept-language');
        expect(english.body).toContain('"title":"Coffee Battle"');
        expect(english.body).not.toContain('Batalla');
      }
    }
    const shop = await admin.post('/api/admin/businesses', {
      challengeId: battle.id,
      name: 'Bean There',
      description: 'Espresso and pastries',
      longDescription: '<p>Our story</p>',
      address: '12 Main St',
      specialties: 'Espresso, Pastries',
      translations: {
        es: {
          name: 'Bean There (centro)',
          longDescription: '<p>Nuestra historia</p><script>alert(1)</script>',
          specialties: 'Espresso, pan dulce',
        },
      },
    });
    expect(shop.statusCode).toBe(201);
    const { id, translations } = shop.json<{ id: number; translations: object }>();
    // Sanitized like the shop's own rich text (docs/RULES.md rule 9).
    expect(translations).toEqual({
      es: {
        name: 'Bean There (centro)',
        longDescription: '<p>Nuestra historia</p>',
        specialties: 'Espresso, pan dulce',
      },
    });
    for (const url of ['/api/businesses', `/api/businesses/${String(id)}`]) {
      const spanish = await read(url, 'es');
      expect(spanish.headers.vary).toBe('accept-language');
      const [spanishShop] = [spanish.json<object | object[]>()].flat<(object | object[])[]>();
      expect(spanishShop).toMatchObject({
        name: 'Bean There (centro)',
        description: 'Espresso and pastries',
        longDescription: '<p>Nuestra historia</p>',
        specialties: 'Espresso, pan dulce',
      });
      const [englishShop] = [(await read(url, 'en')).json<object | object[]>()].flat<
        (object | object[])[]
      >();
      expect(englishShop).toMatchObject({
        name: 'Bean There',
        longDescription: '<p>Our story</p>',
        specialties: 'Espresso, Pastries',
      });
    }
    // The shop's page and the home page name it in the address's language.
    expect((await read(`/es/business/${String(id)}`)).body).toContain(
      '<meta property="og:title" content="Bean There (centro) - Local Battles" />',
    );
    expect((await read(`/business/${String(id)}`)).body).toContain(
      '<meta property="og:title" content="Bean There - Local Battles" />',
    );
    expect((await read('/es/')).body).toContain(
      '<meta property="og:title" content="Batalla del café - Local Battles" />',
    );
    await retire(battle);
  });

  it('names a battle’s theme in the request’s language, else by its own label, else by its key’s words', async () => {
    const battle = await createBattle({
      theme: 'ice-cream',
      themeLabel: '  Gelato ',
      translations: { es: { themeLabel: 'helado' } },
    });
    const path = `/api/admin/challenges/${String(battle.id)}`;
    type Read = { theme: string; themeLabel: string; title: string };
    // The running battle, and the schedule's only published one (the earlier tests retired theirs).
    const themeIn = async (language: string) =>
      Promise.all(
        ['/api/challenge/active', '/api/challenges'].map(
          async (url) => [(await read(url, language)).json<Read | Read[]>()].flat()[0]!,
        ),
      );
    const expectThemes = async (english: string, spanish: string) => {
      for (const challenge of await themeIn('en')) {
        expect(challenge).toMatchObject({ theme: 'ice-cream', themeLabel: english });
      }
      for (const challenge of await themeIn('es-MX,es;q=0.9')) {
        expect(challenge).toMatchObject({ theme: 'ice-cream', themeLabel: spanish });
      }
    };
    expect(battle).toMatchObject({
      theme: 'ice-cream',
      themeLabel: 'Gelato',
      ownThemeLabel: 'Gelato',
      translations: { es: { themeLabel: 'helado' } },
    });
    await expectThemes('Gelato', 'helado');

    // Neither written: the key's words, in every language; the other texts stay as they were.
    const cleared = await admin.patch(path, { themeLabel: '', translations: {} });
    expect(cleared.json()).toMatchObject({
      themeLabel: 'Ice Cream',
      ownThemeLabel: null,
      translations: {},
    });
    await expectThemes('Ice Cream', 'Ice Cream');
    expect((await themeIn('es'))[0]!.title).toBe('Coffee Battle');

    // Only a Spanish label: Spanish reads it, English the key's words.
    await admin.patch(path, { translations: { es: { themeLabel: 'helado' } } });
    await expectThemes('Ice Cream', 'helado');
    // The organizer's own label only: every language without one of its own reads it.
    await admin.patch(path, { themeLabel: 'Gelato', translations: {} });
    await expectThemes('Gelato', 'Gelato');
    await admin.patch(path, { translations: { es: { themeLabel: 'helado' } } });

    // Longer than a theme: refused with its message, in the request's language, and nothing changes.
    const tooLong = (body: object, language: string) =>
      admin.request({
        method: 'PATCH',
        url: path,
        payload: body,
        headers: { 'accept-language': language },
      });
    for (const body of [
      { themeLabel: 'x'.repeat(51) },
      { translations: { es: { themeLabel: 'y'.repeat(51) } } },
    ]) {
      const english = await tooLong(body, 'en');
      expect(english.statusCode).toBe(400);
      expect(english.json<{ message: string }>().message).toBe('Theme label is too long');
      const spanish = await tooLong(body, 'es');
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json<{ message: string }>().message).toBe(
        'El nombre del tema es demasiado largo',
      );
    }
    const refusedCreate = await admin.post('/api/admin/challenges', {
      title: 'Too Long Battle',
      description: 'Never made',
      startDate: '2031-01-01T00:00:00.000Z',
      endDate: '2031-02-01T00:00:00.000Z',
      price: 20,
      themeLabel: 'z'.repeat(51),
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect(refusedCreate.json<{ message: string }>().message).toBe('Theme label is too long');
    const listed = (await admin.get('/api/admin/challenges')).json<
      { id: number; title: string; ownThemeLabel: string | null; translations: object }[]
    >();
    expect(listed.some((each) => each.title === 'Too Long Battle')).toBe(false);
    expect(listed.find((each) => each.id === battle.id)).toMatchObject({
      ownThemeLabel: 'Gelato',
      translations: { es: { themeLabel: 'helado' } },
    });
    await expectThemes('Gelato', 'helado');
    await retire(battle);
  });

  it('reads a shop’s hours labels in the request’s language beside its stored hours, and refuses labels that are not an object', async () => {
    const battle = await createBattle();
    const hours = { 'Monday - Friday': '7:00am - 6:00pm', Saturday: '8:00am - 2:00pm' };
    const shop = await admin.post('/api/admin/businesses', {
      challengeId: battle.id,
      name: 'Hours Cafe',
      description: 'Open early',
      address: '3 Main St',
      hours: JSON.stringify(hours),
      translations: {
        es: { hoursLabels: JSON.stringify({ 'Monday - Friday': 'Lunes a viernes' }) },
      },
    });
    expect(shop.statusCode).toBe(201);
    const { id } = shop.json<{ id: number }>();
    for (const url of ['/api/businesses', `/api/businesses/${String(id)}`]) {
      const [spanish] = [(await read(url, 'es')).json<object | object[]>()].flat<object>();
      // The stored hours stay what 'Open now' reads; the labels sit beside them.
      expect(spanish).toMatchObject({
        hours: JSON.stringify(hours),
        hoursLabels: { 'Monday - Friday': 'Lunes a viernes' },
      });
      const [english] = [(await read(url, 'en')).json<object | object[]>()].flat<object>();
      expect(english).toMatchObject({ hours: JSON.stringify(hours) });
      expect(english).not.toHaveProperty('hoursLabels');
    }
    const refused = await admin.patch(`/api/admin/businesses/${String(id)}`, {
      translations: { es: { hoursLabels: '["Lunes"]' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Hours labels must be a JSON object of hours labels to their words in that language',
    );
    // A translated field's too-long message in the request's language, as in English.
    const tooLong = (language: string) =>
      admin.request({
        method: 'PATCH',
        url: `/api/admin/businesses/${String(id)}`,
        payload: { translations: { es: { hoursLabels: `{"a":"${'x'.repeat(2000)}"}` } } },
        headers: { 'accept-language': language },
      });
    expect((await tooLong('es')).json<{ message: string }>().message).toBe(
      'Las etiquetas del horario son demasiado largas',
    );
    expect((await tooLong('en')).json<{ message: string }>().message).toBe(
      'Hours labels are too long',
    );
    await retire(battle);
  });

  it('keeps each language’s answer apart and forgets them all at an organizer’s change', async () => {
    const battle = await createBattle({
      translations: { es: { title: 'Batalla del café', description: 'Treinta días de café' } },
    });
    const shop = await admin.post('/api/admin/businesses', {
      challengeId: battle.id,
      name: 'Bean There',
      description: 'Espresso and pastries',
      address: '12 Main St',
      translations: { es: { name: 'Bean There (centro)' } },
    });
    const shopId = shop.json<{ id: number }>().id;
    const names = async () =>
      Promise.all(
        ['es', 'en'].map(
          async (language) =>
            (await read('/api/businesses', language)).json<{ name: string }[]>()[0]!.name,
        ),
      );
    expect(await names()).toEqual(['Bean There (centro)', 'Bean There']);

    // Kept: a change no organizer's write announced is not read yet, in either language.
    await ctx.db
      .update(businesses)
      .set({ name: 'Bean Here', translations: { es: { name: 'Bean Aquí' } } })
      .where(eq(businesses.id, shopId));
    expect(await names()).toEqual(['Bean There (centro)', 'Bean There']);
    // Nor after a write that changes nothing: the same translations in another order.
    const unchanged = await admin.patch(`/api/admin/challenges/${String(battle.id)}`, {
      translations: { es: { description: 'Treinta días de café', title: 'Batalla del café' } },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(await names()).toEqual(['Bean There (centro)', 'Bean There']);

    // An organizer's change clears every language's answer.
    const changed = await admin.patch(`/api/admin/challenges/${String(battle.id)}`, {
      translations: { es: { title: 'La batalla del café' } },
    });
    expect(changed.json<{ translations: object }>().translations).toEqual({
      es: { title: 'La batalla del café' },
    });
    expect(await names()).toEqual(['Bean Aquí', 'Bean Here']);
    expect((await read('/api/challenge/active', 'es')).json()).toMatchObject({
      title: 'La batalla del café',
      description: 'Thirty days of coffee',
    });
    await retire(battle);
  });

  it('reads a battle written in Spanish in English from its English texts, and its draws’ prizes too', async () => {
    const battle = await createBattle({
      contentLanguage: 'es',
      title: 'Batalla del taco',
      description: 'Treinta días de tacos',
      translations: { en: { title: 'Taco Battle' } },
    });
    expect(battle.contentLanguage).toBe('es');
    expect((await read('/api/challenge/active', 'en')).json()).toMatchObject({
      title: 'Taco Battle',
      description: 'Treinta días de tacos',
    });
    expect((await read('/api/challenge/active', 'es')).json()).toMatchObject({
      title: 'Batalla del taco',
    });

    const draw = await admin.post(`/api/admin/challenges/${String(battle.id)}/draws`, {
      prize: 'Un año de tacos',
      winnerCount: 1,
      entries: 'passes',
      translations: { en: { prize: 'A year of tacos' }, es: { prize: 'ignored' } },
    });
    expect(draw.statusCode).toBe(201);
    const drawsPath = `/api/challenges/${String(battle.id)}/draws`;
    const english = await read(drawsPath, 'en');
    expect(english.headers.vary).toBe('accept-language');
    expect(english.json<{ prize: string }[]>()[0]!.prize).toBe('A year of tacos');
    expect((await read(drawsPath, 'es')).json<{ prize: string }[]>()[0]!.prize).toBe(
      'Un año de tacos',
    );
    expect(
      (await admin.get(`/api/admin/challenges/${String(battle.id)}/draws`)).json<
        { translations: object }[]
      >()[0]!.translations,
    ).toEqual({ en: { prize: 'A year of tacos' } });
    await retire(battle);
  });
});
