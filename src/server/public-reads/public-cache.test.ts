import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businesses } from '../db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import {
  queriesDuring,
  signedInAdmin,
  signedInMember,
  TestClient,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import { PublicReadCache } from './public-cache.ts';

const ctx = useTestApp({ publicCacheTtlMs: 60_000 });

describe('public read cache', () => {
  it('serves public reads from memory until an organizer changes something on this instance', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, challenge.id, { name: 'Cached Café' });
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get('/api/businesses')).json()).toMatchObject([{ name: 'Cached Café' }]);
    expect((await visitor.get('/api/votes')).json()).toEqual({ [shop.id]: 0 });

    // A change behind the site's back is not seen while the entry lives…
    await ctx.db
      .update(businesses)
      .set({ name: 'Renamed', voteCount: 3 })
      .where(eq(businesses.id, shop.id));
    expect((await visitor.get('/api/businesses')).json()).toMatchObject([{ name: 'Cached Café' }]);
    expect((await visitor.get('/api/votes')).headers['content-type']).toMatch(/application\/json/);

    // …but an organizer's write through the API clears it at once.
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const patched = await admin.patch(`/api/admin/businesses/${shop.id}`, { phone: '555-0100' });
    expect(patched.statusCode).toBe(200);
    expect((await visitor.get('/api/businesses')).json()).toMatchObject([{ name: 'Renamed' }]);
    expect((await visitor.get('/api/votes')).json()).toEqual({ [shop.id]: 3 });
  });

  it("keeps public answers through a member's own changes: a pass's write, a sign-out", async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    await insertBusiness(ctx.db, challenge.id, { name: 'Kept Café' });
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get('/api/businesses')).statusCode).toBe(200);

    ctx.changes.announcePassChange(1);
    const member = await signedInMember(ctx.app);
    expect((await member.client.post('/api/logout')).statusCode).toBe(200);
    const { answer, queries } = await queriesDuring(ctx.database, () =>
      visitor.get('/api/businesses'),
    );
    expect(answer.statusCode).toBe(200);
    // Only a public change (an organizer's write, a lost feed) clears them.
    expect(queries).toBe(0);
  });

  it('computes a missing entry once for concurrent readers and forgets failures', async () => {
    const cache = new PublicReadCache(60_000);
    let computed = 0;
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.json('key', z.object({ n: z.number() }), async () => {
          computed += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          return { n: 1 };
        }),
      ),
    );
    expect(computed).toBe(1);
    expect(new Set(bodies.map((cached) => cached.body))).toEqual(new Set(['{"n":1}']));

    const okSchema = z.object({ ok: z.boolean() });
    await expect(
      cache.json('broken', okSchema, () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect((await cache.json('broken', okSchema, async () => ({ ok: true }))).body).toBe(
      '{"ok":true}',
    );
  });

  it('shares a computation that outlasts the lifetime with everyone who asks, then keeps it a lifetime', async () => {
    const cache = new PublicReadCache(20);
    let computed = 0;
    let finish = (_value: string) => {};
    const slow = () => {
      computed += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.remember('results', slow);
    // Long past the lifetime, the same computation is still under way: askers join it.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const late = Array.from({ length: 16 }, () => cache.remember('results', slow));
    expect(computed).toBe(1);
    finish('ranking');
    expect(await Promise.all([first, ...late])).toEqual(Array(17).fill('ranking'));
    // Its lifetime counts from the moment it was computed…
    expect(cache.peekSettled('results')).toBe('ranking');
    await new Promise((resolve) => setTimeout(resolve, 40));
    // …and then it is computed again.
    void cache.remember('results', slow);
    expect(computed).toBe(2);
  });

  it('hands a computed value over without a promise, only once it is computed and while it lives', async () => {
    const cache = new PublicReadCache(60_000);
    let finish: (value: string) => void = () => undefined;
    const computing = cache.remember(
      'page',
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    expect(cache.peekSettled('page')).toBeUndefined();
    finish('drawn');
    await computing;
    expect(cache.peekSettled('page')).toBe('drawn');
    cache.clear();
    expect(cache.peekSettled('page')).toBeUndefined();

    await expect(
      cache.remember('failed', () => Promise.reject(new Error('render failed'))),
    ).rejects.toThrow();
    expect(cache.peekSettled('failed')).toBeUndefined();
    const brief = new PublicReadCache(1);
    await brief.remember('page', async () => 'drawn');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(brief.peekSettled('page')).toBeUndefined();
  });

  it('sends only what the answer schema lists, and refuses an answer that breaks it', async () => {
    const cache = new PublicReadCache(60_000);
    const shopSchema = z.array(z.object({ id: z.number(), name: z.string() }));
    const { body } = await cache.json('shops', shopSchema, async () => [
      { id: 1, name: 'Café', redemptionCode: '1234' },
    ]);
    expect(body).toBe('[{"id":1,"name":"Café"}]');
    await expect(
      cache.json('bad', shopSchema, async () => [{ id: 'one', name: 'Café' }] as never),
    ).rejects.toThrow();
  });

  it('lets browsers revalidate: an ETag, 304 while it matches, a new one after a change', async () => {
    const visitor = new TestClient(ctx.app);
    for (const url of ['/api/challenge/active', '/api/businesses', '/api/votes', '/api/config']) {
      const first = await visitor.get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await visitor.request({
        method: 'GET',
        url,
        headers: { 'if-none-match': `"other", ${etag}` },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const stale = await visitor.request({
        method: 'GET',
        url,
        headers: { 'if-none-match': '"other"' },
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    }

    const before = await visitor.get('/api/businesses');
    const [shop] = before.json<{ id: number }[]>();
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    expect(
      (await admin.patch(`/api/admin/businesses/${shop!.id}`, { phone: '555-0199' })).statusCode,
    ).toBe(200);
    const after = await visitor.request({
      method: 'GET',
      url: '/api/businesses',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toMatchObject([{ phone: '555-0199' }]);
  });
});
