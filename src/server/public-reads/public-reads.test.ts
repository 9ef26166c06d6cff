import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { TestClient, testPublicReads, useTestApp } from '#tests/helpers/test-app.ts';
import { challenges } from '../db/schema.ts';

const ctx = useTestApp();

const readsWithTtl = (ttlMs: number) => testPublicReads(ctx, ttlMs);

describe('public reads', () => {
  it('answers the API paths the render reads as their routes do, and no other', async () => {
    const reads = readsWithTtl(0);
    expect(await reads.answerFor('/api/challenge/active', 'en')).toEqual({
      status: 404,
      body: '{"message":"No active challenge available."}',
    });
    expect(await reads.answerFor('/api/businesses', 'en')).toEqual({ status: 200, body: '[]' });
    expect(JSON.parse((await reads.answerFor('/api/config', 'en'))!.body)).toMatchObject({
      siteName: 'Local Battles',
      paymentMode: 'sandbox',
      sandboxMailbox: false,
    });
    // A shop's page asks for its shop: the same answer as GET /api/businesses/{id}.
    const battle = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, battle.id, { name: 'Corner Cup' });
    const answer = await reads.answerFor(`/api/businesses/${String(shop.id)}`, 'en');
    const route = await new TestClient(ctx.app).get(`/api/businesses/${String(shop.id)}`);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toEqual(route.json());
    expect(JSON.parse(answer!.body)).not.toHaveProperty('redemptionCode');
    for (const missing of ['999999', '9999999999']) {
      expect(await reads.answerFor(`/api/businesses/${missing}`, 'en')).toEqual({
        status: 404,
        body: '{"message":"Shop not found"}',
      });
    }
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, battle.id));
    for (const path of ['/api/session', '/api/user/progress', '/api/businesses?x=1']) {
      expect(await reads.answerFor(path, 'en')).toBeUndefined();
    }
  });

  it("says its refusals in the render's language, word for word as the routes answer them", async () => {
    const reads = readsWithTtl(0);
    const client = new TestClient(ctx.app);
    const paths = [
      '/api/challenge/active',
      '/api/businesses/999999',
      '/api/challenges/999999/draws',
      '/api/challenges/999999/milestones',
      '/api/challenges/999999/explorers',
    ];
    for (const path of paths) {
      const route = await client.request({
        method: 'GET',
        url: path,
        headers: { 'accept-language': 'es' },
      });
      const answer = await reads.answerFor(path, 'es');
      expect(answer?.status, path).toBe(route.statusCode);
      expect(JSON.parse(answer!.body), path).toEqual(route.json());
      expect(route.json<{ message: string }>().message, path).toMatch(/^No (encontramos|hay)/);
    }
  });
});
