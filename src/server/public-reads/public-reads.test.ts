import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { challenges } from '../db/schema.ts';
import { PublicReads } from './public-reads.ts';

const ctx = useTestApp();

const readsWithTtl = (ttlMs: number) =>
  new PublicReads({
    db: ctx.db,
    clock: ctx.clock.now,
    ttlMs,
    siteConfig: {
      siteName: 'Local Battles',
      paymentMode: 'sandbox',
      testToolsEnabled: false,
      sandboxMailbox: false,
      publicUrl: 'http://localhost',
      map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'Tiles' },
    },
  });

describe('public reads', () => {
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
          return `${page} ${String(visit)}`;
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
    expect(await reads.page(null, async () => page)).toEqual({ identity: Buffer.from(page) });
    expect(reads.renders()).toBe(3);
    // Nor is a page while the cache is off: it would be compressed for one visit.
    expect(await readsWithTtl(0).page('/', async () => page)).toEqual({
      identity: Buffer.from(page),
    });
  });

  it('answers the API paths the render reads as their routes do, and no other', async () => {
    const reads = readsWithTtl(0);
    expect(await reads.answerFor('/api/challenge/active')).toEqual({
      status: 404,
      body: '{"message":"No active challenge available."}',
    });
    expect(await reads.answerFor('/api/businesses')).toEqual({ status: 200, body: '[]' });
    expect(JSON.parse((await reads.answerFor('/api/config'))!.body)).toMatchObject({
      siteName: 'Local Battles',
      paymentMode: 'sandbox',
      sandboxMailbox: false,
    });
    // A shop's page asks for its shop: the same answer as GET /api/businesses/{id}.
    const battle = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, battle.id, { name: 'Corner Cup' });
    const answer = await reads.answerFor(`/api/businesses/${String(shop.id)}`);
    const route = await new TestClient(ctx.app).get(`/api/businesses/${String(shop.id)}`);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toEqual(route.json());
    expect(JSON.parse(answer!.body)).not.toHaveProperty('redemptionCode');
    for (const missing of ['999999', '9999999999']) {
      expect(await reads.answerFor(`/api/businesses/${missing}`)).toEqual({
        status: 404,
        body: '{"message":"Shop not found"}',
      });
    }
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, battle.id));
    for (const path of ['/api/session', '/api/user/progress', '/api/businesses?x=1']) {
      expect(await reads.answerFor(path)).toBeUndefined();
    }
  });
});
