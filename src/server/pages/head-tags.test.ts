import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { challenges } from '../db/schema.ts';
import {
  SECOND_APP_TIMEOUT_MS,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { pages, pageTitle } from '#shared/pages.ts';
import { SiteUrl } from '../site-url.ts';

const ctx = useTestApp();

const page = (path: string, app = ctx.app) => new TestClient(app).get(path);

describe('link-preview tags on the battle pages', () => {
  it('name the running battle on / and /battles/coffee, escaped, with the share picture on the site URL', async () => {
    const battle = await insertChallenge(ctx.db, ctx.clock.now(), {
      title: 'Tom & "Jerry" <Brew> Battle',
      description: 'Coffee & cake',
    });
    for (const path of ['/', '/battles/coffee']) {
      const html = (await page(path)).body;
      expect(html).toContain(
        '<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;Brew&gt; Battle - Local Battles" />',
      );
      expect(html).toContain('<meta property="og:description" content="Coffee &amp; cake" />');
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost/images/share.png" />',
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain(
        '<meta name="twitter:image" content="http://localhost/images/share.png" />',
      );
      expect(html).not.toContain('<Brew>');
    }
    // Pages that are not for sharing get none.
    expect((await page('/profile')).body).not.toContain('og:title');
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, battle.id));
  });

  it("take the other document pages' title and description from the page registry", async () => {
    const html = (await page('/battles')).body;
    expect(html).toContain(
      `<meta property="og:title" content="${pageTitle(pages.battles.title, 'Local Battles')}" />`,
    );
    expect(html).toContain(
      `<meta property="og:description" content="${pages.battles.description}" />`,
    );
    expect(html).toContain('<meta property="og:url" content="http://localhost/battles" />');
    // App pages are not for sharing, even public ones.
    expect((await page('/auth')).body).not.toContain('og:title');
  });

  it("give the spec's default title while no battle is active", async () => {
    const html = (await page('/')).body;
    const title = 'Local Battles - Local Coffee Shop Challenge';
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${title}</title>`]);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${title}" />`);
  });

  it(
    'are on PUBLIC_URL when it is set',
    async () => {
      await withTestApp(
        {
          siteUrl: new SiteUrl('https://battles.example.com'),
        },
        async (hosted) => {
          const challenge = await insertChallenge(hosted.db, hosted.clock.now());
          const shop = await insertBusiness(hosted.db, challenge.id);
          const home = (await page('/battles/coffee', hosted.app)).body;
          expect(home).toContain(
            '<meta property="og:image" content="https://battles.example.com/images/share.png" />',
          );
          expect(home).toContain(
            '<meta property="og:url" content="https://battles.example.com/battles/coffee" />',
          );
          const shopPage = (await page(`/business/${shop.id}`, hosted.app)).body;
          expect(shopPage).toContain(
            `<meta property="og:url" content="https://battles.example.com/business/${shop.id}" />`,
          );
          expect(shopPage).toContain(
            '<meta name="twitter:image" content="https://battles.example.com/images/shop-fallback.svg" />',
          );
        },
      );
    },
    SECOND_APP_TIMEOUT_MS,
  );
});
