import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

describe('GET /manifest.webmanifest', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ siteName: 'Taco Town Battles' });
  });
  afterAll(() => context.close());

  it('names the installed app after SITE_NAME and opens it on the pass', async () => {
    const answer = await context.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = answer.json<{
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose: string }[];
    }>();
    expect(manifest).toMatchObject({
      name: 'Taco Town Battles',
      short_name: 'Taco Town Battles',
      start_url: '/profile',
      display: 'standalone',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('has a manifest per language, in its words, opening on the pass in it', async () => {
    const english = await context.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    const answer = await context.app.inject({ method: 'GET', url: '/es/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = answer.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: 'Taco Town Battles',
      short_name: 'Taco Town Battles',
      description: 'Tu pase de batalla: cupones en cada local participante y tus votos.',
      lang: 'es',
      id: '/',
      start_url: '/es/profile',
      scope: '/',
    });
    expect(english.json<Record<string, unknown>>()).toMatchObject({
      description: 'Your battle pass: coupons at every participating shop and your votes.',
      start_url: '/profile',
    });
    expect(english.json<Record<string, unknown>>()).not.toHaveProperty('lang');
  });
});
