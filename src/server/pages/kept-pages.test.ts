import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { testPublicReads, useTestApp } from '#tests/helpers/test-app.ts';
import { businesses } from '../db/schema.ts';
import { answerText } from '../public-reads/public-reads.ts';

const ctx = useTestApp();

const readsWithTtl = (ttlMs: number) => testPublicReads(ctx, ttlMs);

describe('kept pages', () => {
  it('renders a page once for concurrent visits, keeps it, and forgets a failed render', async () => {
    const reads = readsWithTtl(60_000);
    await expect(reads.page('/', () => Promise.reject(new Error('render broke')))).rejects.toThrow(
      'render broke',
    );
    expect(reads.cachedPage('/')).toBeUndefined();

    const page = `<ul>${'<li>Shop</li>'.repeat(100)}</ul>`;
    const pages = await Promise.all(
      Array.from({ length: 5 }, (_, visit) =>
        reads.page('/', async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return { html: `${page} ${String(visit)}` };
        }),
      ),
    );
    expect(new Set(pages.map((each) => String(each.identity)))).toEqual(new Set([`${page} 0`]));
    expect(reads.renders()).toBe(2);
    const kept = await reads.cachedPage('/');
    expect(String(kept?.identity)).toBe(`${page} 0`);
    // Kept with its compressed forms, made once (page-encodings.ts).
    expect(kept?.br).toBeInstanceOf(Buffer);
    expect(kept?.gzip).toBeInstanceOf(Buffer);

    reads.clear();
    expect(reads.cachedPage('/')).toBeUndefined();
    // A page that serves only its own visitor is rendered, never kept, and not compressed.
    expect(await reads.page(null, async () => ({ html: page }))).toEqual({
      identity: Buffer.from(page),
    });
    expect(reads.renders()).toBe(3);
    // Nor is a page while the cache is off: it would be compressed for one visit.
    expect(await readsWithTtl(0).page('/', async () => ({ html: page }))).toEqual({
      identity: Buffer.from(page),
    });
  });

  it('draws a kept page again only when an answer it was drawn from changed or its minute passed', async () => {
    const reads = readsWithTtl(20);
    const intervalEnds = () => new Promise((resolve) => setTimeout(resolve, 30));
    const battle = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, battle.id, { name: 'Drawn Once' });
    const drawShops = async () => {
      const shops = (await reads.answerFor('/api/businesses', 'en'))!;
      return {
        html: shops.body,
        drawnFrom: { language: 'en', answers: new Map([['/api/businesses', answerText(shops)]]) },
      };
    };
    const first = await reads.page('/', drawShops);
    expect(reads.renders()).toBe(1);

    // Nothing it shows changed: the next interval keeps the same page, drawn once.
    await intervalEnds();
    expect((await reads.page('/', drawShops)).identity.equals(first.identity)).toBe(true);
    expect(reads.renders()).toBe(1);

    // A change no organizer made (votes, a shop's own edit) shows once the interval ends.
    await ctx.db.update(businesses).set({ name: 'Drawn Twice' }).where(eq(businesses.id, shop.id));
    await intervalEnds();
    expect(String((await reads.page('/', drawShops)).identity)).toContain('Drawn Twice');
    expect(reads.renders()).toBe(2);

    // What the page draws from the clock ('Open now') changes by the minute.
    await intervalEnds();
    ctx.clock.advance(60_000);
    await reads.page('/', drawShops);
    expect(reads.renders()).toBe(3);

    // An organizer's change draws it anew; so does each interval a page not drawn from answers.
    reads.clear();
    await reads.page('/', drawShops);
    expect(reads.renders()).toBe(4);
    const shell = async () => ({ html: '<div id="root"></div>' });
    await reads.page('/battles', shell);
    await intervalEnds();
    await reads.page('/battles', shell);
    expect(reads.renders()).toBe(6);
  });
});
