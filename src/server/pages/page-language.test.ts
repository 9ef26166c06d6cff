import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBuiltClient } from '#tests/helpers/built-client.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { createTestContext, TestClient, type TestContext } from '#tests/helpers/test-app.ts';

/** docs/decisions/0048-languages.md: the documents in each language, under /{language}/. */
const built = fakeBuiltClient();
let ctx: TestContext;
let shopId: number;
beforeAll(async () => {
  ctx = await createTestContext({ clientDir: built.clientDir, publicCacheTtlMs: 60_000 });
  const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Coffee Battle' });
  shopId = (await insertBusiness(ctx.db, challenge.id, { name: 'First Pour' })).id;
});
afterAll(async () => {
  await ctx.close();
  built.remove();
});

const visit = (url: string, headers: Record<string, string> = {}) =>
  new TestClient(ctx.app).request({ method: 'GET', url, headers });
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

describe('a page in Spanish', () => {
  it('lives under /es/, drawn in Spanish with its links under /es, <html lang="es">', async () => {
    for (const [url, drawn] of [
      ['/es/', '/es/'],
      ['/es', '/es'],
      ['/es/battles/coffee', '/es/battles/coffee'],
      [`/es/business/${shopId}`, `/es/business/${shopId}`],
    ] as const) {
      const page = await visit(url);
      expect(page.statusCode, url).toBe(200);
      expect(htmlLang(page.body), url).toBe('es');
      expect(page.body, url).toContain(`<p>Rendered ${drawn} in es under /es</p>`);
      expect(page.headers['set-cookie'], url).toMatch(/^lb\.lang=es; Path=\/; Max-Age=\d+/);
    }
  });

  it('names its other languages (hreflang) and its own address in the link preview', async () => {
    const page = await visit(`/es/business/${shopId}`);
    expect(page.body).toContain(
      `<link rel="alternate" hreflang="en" href="http://localhost/business/${shopId}" />`,
    );
    expect(page.body).toContain(
      `<link rel="alternate" hreflang="es" href="http://localhost/es/business/${shopId}" />`,
    );
    expect(page.body).toContain(
      `<link rel="alternate" hreflang="x-default" href="http://localhost/business/${shopId}" />`,
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="http://localhost/es/business/${shopId}" />`,
    );
    const english = await visit(`/business/${shopId}`);
    expect(htmlLang(english.body)).toBe('en');
    expect(english.body).toContain(
      `<link rel="alternate" hreflang="es" href="http://localhost/es/business/${shopId}" />`,
    );
  });

  it("writes the server's own words in Spanish: the schedule's title and description", async () => {
    const page = await visit('/es/battles');
    expect(page.body).toContain('<title>Todas las batallas - Local Battles</title>');
    expect(page.body).toContain('Únete ya a la batalla del café.');
    expect((await visit('/battles')).body).toContain('<title>All Battles - Local Battles</title>');
  });

  it('is kept apart from the English page: neither is ever sent for the other', async () => {
    for (let round = 0; round < 2; round += 1) {
      const english = await visit(`/business/${shopId}`);
      const spanish = await visit(`/es/business/${shopId}`);
      expect(english.body).toContain(`<p>Rendered /business/${shopId}</p>`);
      expect(english.body).not.toContain('in es under');
      expect(spanish.body).toContain(`<p>Rendered /es/business/${shopId} in es under /es</p>`);
    }
  });

  it('answers 404 for an address no page has, and for a language the site does not speak', async () => {
    expect((await visit('/es/nowhere')).statusCode).toBe(404);
    expect((await visit('/es/business/999999')).statusCode).toBe(404);
    expect((await visit('/fr/')).statusCode).toBe(404);
    expect(htmlLang((await visit('/es/nowhere')).body)).toBe('es');
  });

  it('takes the app pages under /es/ too, drawn by the browser in Spanish', async () => {
    const page = await visit('/es/checkout');
    expect(page.statusCode).toBe(200);
    expect(htmlLang(page.body)).toBe('es');
  });
});

describe('the first visit', () => {
  it("follows Accept-Language to the same document in the visitor's language, query kept", async () => {
    const first = await visit('/battles/coffee?ref=flyer', {
      'accept-language': 'es-MX,es;q=0.9,en;q=0.8',
    });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/es/battles/coffee?ref=flyer');
    expect(first.headers.vary).toBe('accept-language, cookie');
    expect((await visit('/', { 'accept-language': 'es' })).headers.location).toBe('/es/');
  });

  it('stays in English for an English or unknown preference, and says the page varies by it', async () => {
    for (const acceptLanguage of ['en-US,en;q=0.9,es;q=0.8', 'fr-CA,fr', 'es;q=0, en']) {
      const page = await visit('/', { 'accept-language': acceptLanguage });
      expect(page.statusCode, acceptLanguage).toBe(200);
      expect(htmlLang(page.body), acceptLanguage).toBe('en');
      expect(page.headers.vary, acceptLanguage).toBe('accept-encoding, accept-language');
    }
  });

  it('is only the first: once a page was sent, the address decides (a switch to English stays)', async () => {
    const page = await visit('/', { 'accept-language': 'es', cookie: 'lb.lang=es' });
    expect(page.statusCode).toBe(200);
    expect(htmlLang(page.body)).toBe('en');
    expect(page.headers['set-cookie']).toMatch(/^lb\.lang=en;/);
    const again = await visit('/', { 'accept-language': 'es', cookie: 'lb.lang=en' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('leaves the app pages where they are: only documents follow Accept-Language', async () => {
    const page = await visit('/checkout', { 'accept-language': 'es' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
  });
});
