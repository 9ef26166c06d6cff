import { beforeAll, describe, expect, it } from 'vitest';
import type { Business, Challenge } from '../db/schema.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { title: 'Progress Battle' },
    shops: ['4111', '4222'].map((redemptionCode) => ({ redemptionCode })),
  }));
});

const shop = (index: number) => shops[index]!;

describe('GET /api/user/progress', () => {
  it('answers the coupons, available votes and own votes that the separate endpoints answer', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop(0).id);
    expect(
      (await holder.client.post(`/api/coupons/${coupon.id}/redeem`, { redemptionCode: '4111' }))
        .statusCode,
    ).toBe(200);
    expect((await holder.client.post('/api/vote', { businessId: shop(1).id })).statusCode).toBe(
      200,
    );

    const progress = await holder.client.get('/api/user/progress');
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toEqual({
      coupons: (await holder.client.get('/api/user/coupons')).json(),
      availableVotes: 0,
      ownVotes: { [shop(1).id]: 1 },
    });
    expect(
      progress.json<{ coupons: { redeemed: boolean }[] }>().coupons.map((c) => c.redeemed),
    ).toEqual([true, false]);
    // Codes are secrets (docs/RULES.md rule 3): never in a member's answer.
    expect(progress.body).not.toContain('redemptionCode');
    expect(progress.body).not.toContain('4111');
  });

  it('answers 401 signed out and 404 without a pass', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/progress')).statusCode).toBe(401);
    const { client } = await signedInMember(ctx.app);
    const missing = await client.get('/api/user/progress');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No pass found for the current challenge.' });
  });
});
