import { describe, expect, it } from 'vitest';
import { businesses } from '../db/schema.ts';
import { issuePass } from '../passes/issue.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();

describe('public reads', () => {
  it('answer 404 and empty lists while no challenge is active', async () => {
    const anonymous = new TestClient(ctx.app);
    const active = await anonymous.get('/api/challenge/active');
    expect(active.statusCode).toBe(404);
    expect(active.json()).toEqual({ message: 'No active challenge available.' });
    expect((await anonymous.get('/api/businesses')).json()).toEqual([]);
    expect((await anonymous.get('/api/votes')).json()).toEqual({});
  });

  it('list the live shops of the active challenge by position, never with their codes', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Coffee' });
    const second = await insertBusiness(ctx.db, challenge.id, {
      name: 'Second',
      position: 2,
      voteCount: 4,
    });
    const first = await insertBusiness(ctx.db, challenge.id, { name: 'First', position: 1 });
    const gone = await insertBusiness(ctx.db, challenge.id, {
      name: 'Gone',
      position: 0,
      deletedAt: new Date(),
    });
    const anonymous = new TestClient(ctx.app);

    expect((await anonymous.get('/api/challenge/active')).json()).toMatchObject({
      id: challenge.id,
      title: 'Coffee',
      price: 25,
      votesPerShop: 1,
      startDate: challenge.startDate.toISOString(),
    });
    const list = await anonymous.get('/api/businesses');
    expect(list.json().map((shop: { name: string }) => shop.name)).toEqual(['First', 'Second']);
    expect(list.body).not.toContain('redemptionCode');
    expect(list.body).not.toContain(first.redemptionCode);

    const one = await anonymous.get(`/api/businesses/${second.id}`);
    expect(one.json()).toMatchObject({ id: second.id, name: 'Second' });
    expect(one.body).not.toContain('redemptionCode');
    expect((await anonymous.get(`/api/businesses/${gone.id}`)).json()).toEqual({
      message: 'Shop not found',
    });
    expect((await anonymous.get('/api/businesses/abc')).statusCode).toBe(400);

    expect((await anonymous.get('/api/votes')).json()).toEqual({ [first.id]: 0, [second.id]: 4 });
    await ctx.db.delete(businesses);
  });

  it('GET /api/user/pass: 401 signed out, 404 without a pass, the pass with one', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/pass')).statusCode).toBe(401);
    const { client, user } = await signedInMember(ctx.app);
    const missing = await client.get('/api/user/pass');
    expect(missing.statusCode).toBe(404);
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
      title: 'Newest',
      startDate: ctx.clock.now(),
    });
    const { pass } = await ctx.db.transaction((tx) =>
      issuePass(tx, { userId: user.id, challengeId: challenge.id }),
    );
    expect((await client.get('/api/user/pass')).json()).toEqual({
      id: pass.id,
      userId: user.id,
      challengeId: challenge.id,
      purchaseDate: pass.purchaseDate.toISOString(),
      active: true,
      inactiveReason: null,
    });
  });
});
