import { describe, expect, it } from 'vitest';
import { businesses } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import {
  SECOND_APP_TIMEOUT_MS,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { SiteUrl } from '../site-url.ts';

const ctx = useTestApp();

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every live shop of a published challenge, absolute, in each language', async () => {
    const running = await insertChallenge(ctx.db, ctx.clock.now());
    const draft = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const open = await insertBusiness(ctx.db, running.id);
    const deleted = await insertBusiness(ctx.db, running.id);
    await ctx.db
      .update(businesses)
      .set({ deletedAt: ctx.clock.now() })
      .where(eq(businesses.id, deleted.id));
    const unpublished = await insertBusiness(ctx.db, draft.id);

    const response = await new TestClient(ctx.app).get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const urls = locations(response.body);
    // docs/decisions/0048-languages.md: English without a prefix, Spanish under /es/.
    expect(urls).toEqual([
      'http://localhost/',
      'http://localhost/es/',
      'http://localhost/battles',
      'http://localhost/es/battles',
      'http://localhost/battles/coffee',
      'http://localhost/es/battles/coffee',
      `http://localhost/business/${open.id}`,
      `http://localhost/es/business/${open.id}`,
    ]);
    expect(urls).not.toContain(`http://localhost/business/${deleted.id}`);
    expect(urls).not.toContain(`http://localhost/business/${unpublished.id}`);
  });

  it('never takes its addresses from the Host or X-Forwarded-Host of the request', async () => {
    const response = await new TestClient(ctx.app).request({
      method: 'GET',
      url: '/sitemap.xml',
      remoteAddress: '127.0.0.1',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const urls = locations(response.body);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url?.startsWith('http://localhost/'))).toBe(true);
  });

  it(
    'uses PUBLIC_URL for every address when it is set',
    async () => {
      await withTestApp(
        {
          siteUrl: new SiteUrl('https://battles.example.com'),
        },
        async (hosted) => {
          const challenge = await insertChallenge(hosted.db, hosted.clock.now());
          const shop = await insertBusiness(hosted.db, challenge.id);
          const response = await new TestClient(hosted.app).get('/sitemap.xml');
          const urls = locations(response.body);
          expect(urls).toContain(`https://battles.example.com/business/${shop.id}`);
          expect(urls.every((url) => url?.startsWith('https://battles.example.com/'))).toBe(true);
        },
      );
    },
    SECOND_APP_TIMEOUT_MS,
  );
});
