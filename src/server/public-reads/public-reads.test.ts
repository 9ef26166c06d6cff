import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/helpers/test-app.ts';
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

    const pages = await Promise.all(
      Array.from({ length: 5 }, (_, visit) =>
        reads.page('/', async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return `page ${String(visit)}`;
        }),
      ),
    );
    expect(new Set(pages.map(String))).toEqual(new Set(['page 0']));
    expect(reads.renders()).toBe(2);
    expect(String(await reads.cachedPage('/'))).toBe('page 0');

    reads.clear();
    expect(reads.cachedPage('/')).toBeUndefined();
    // A page that serves only its own visitor is rendered and never kept.
    expect(String(await reads.page(null, async () => 'checkout'))).toBe('checkout');
    expect(reads.renders()).toBe(3);
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
    for (const path of ['/api/session', '/api/user/progress', '/api/businesses?x=1']) {
      expect(await reads.answerFor(path)).toBeUndefined();
    }
  });
});
