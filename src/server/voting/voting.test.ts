import { eq, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  businesses,
  challenges,
  passes,
  votes,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { insertBusiness, insertChallenge, MINUTE_MS } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  signedInAdmin,
  signedInMember,
  TestClient,
  withTestApp,
  useTestApp,
} from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let challenge: Challenge;
let shops: Business[];

beforeAll(async () => {
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: 4 }));
});

const shop = (index: number) => shops[index]!;
const setVotesPerShop = (votesPerShop: number | null) =>
  ctx.db.update(challenges).set({ votesPerShop }).where(eq(challenges.id, challenge.id));

/** Counters always equal the vote rows (what keeps the reads O(shops) honest). */
async function expectCountersMatchVotes() {
  const [counted] = await ctx.db
    .select({ n: sum(businesses.voteCount).mapWith(Number) })
    .from(businesses);
  expect(counted?.n ?? 0).toBe(await ctx.db.$count(votes));
  for (const each of shops) {
    const [row] = await ctx.db.select().from(businesses).where(eq(businesses.id, each.id));
    expect(row!.voteCount).toBe(await ctx.db.$count(votes, eq(votes.businessId, each.id)));
  }
}

describe('POST /api/vote', () => {
  it('accepts exactly 2 of 6 simultaneous votes when 2 are available, for shops visited or not', async () => {
    await setVotesPerShop(1);
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(0).id, shop(1).id]);
    const answers = await Promise.all(
      [0, 1, 2, 3, 0, 1].map((index) =>
        holder.client.post('/api/vote', { businessId: shop(index).id }),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(2);
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
      availableVotes: 0,
    });
    const noVotes = answers.find((answer) => answer.statusCode === 409)!.json().message;
    expect(noVotes).toMatch(/no votes available|already voted/);
    expect(await ctx.db.$count(votes, eq(votes.passId, holder.pass.id))).toBe(2);
    await expectCountersMatchVotes();
  });

  it('holds the per-shop limit under parallel votes, and Vote Again follows the setting', async () => {
    await setVotesPerShop(1);
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(0).id, shop(1).id, shop(2).id, shop(3).id]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => holder.client.post('/api/vote', { businessId: shop(2).id })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json()).toEqual({
      message: 'You have already voted for Shop 3. Each pass gives a shop one vote.',
    });

    await setVotesPerShop(2);
    const second = await holder.client.post('/api/vote', { businessId: shop(2).id });
    expect(second.json()).toMatchObject({ availableVotes: 2, votesForShop: 2 });
    const third = await holder.client.post('/api/vote', { businessId: shop(2).id });
    expect(third.json().message).toBe(
      'You have already given Shop 3 2 votes, the most one pass may give a shop.',
    );

    await setVotesPerShop(null);
    expect(
      (await holder.client.post('/api/vote', { businessId: shop(2).id })).json(),
    ).toMatchObject({ votesForShop: 3 });
    expect((await holder.client.get('/api/user/own-votes')).json()).toEqual({ [shop(2).id]: 3 });
    expect(
      (await holder.client.get('/api/user/voted-businesses'))
        .json()
        .map((b: { name: string }) => b.name),
    ).toEqual(['Shop 3']);
    const visited = (await holder.client.get('/api/user/visited-businesses')).json();
    expect(visited).toHaveLength(4);
    expect(JSON.stringify(visited)).not.toContain('redemptionCode');
    await expectCountersMatchVotes();
    await setVotesPerShop(1);
  });

  it('refuses votes outside the challenge, from an inactive pass, without a vote, or for an unknown shop', async () => {
    const start = ctx.clock.now();
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(0).id]);

    ctx.clock.set(new Date(challenge.startDate.getTime() - MINUTE_MS));
    const early = await holder.client.post('/api/vote', { businessId: shop(0).id });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(
      /^Test Coffee Battle has not started yet\. You can vote from .+ UTC\.$/,
    );
    ctx.clock.set(new Date(challenge.endDate.getTime() + MINUTE_MS));
    const late = await holder.client.post('/api/vote', { businessId: shop(0).id });
    expect(late.json().message).toMatch(
      /^Test Coffee Battle ended on .+ UTC\. You can no longer vote\.$/,
    );
    ctx.clock.set(start);

    const other = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const foreign = await insertBusiness(ctx.db, other.id);
    expect((await holder.client.post('/api/vote', { businessId: foreign.id })).json()).toEqual({
      message: 'Shop not found',
    });
    expect((await holder.client.post('/api/vote', { businessId: 'x' })).statusCode).toBe(400);

    const empty = await signedInPassHolder(ctx, challenge.id);
    const none = await empty.client.post('/api/vote', { businessId: shop(0).id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'You have no votes available. Redeem a coupon at a participating shop to earn a vote.',
    );

    await ctx.db
      .update(passes)
      .set({ active: false, inactiveReason: 'disputed' })
      .where(eq(passes.id, holder.pass.id));
    const inactive = await holder.client.post('/api/vote', { businessId: shop(0).id });
    expect(inactive.json()).toEqual({
      message: 'This pass is no longer active (disputed), so it cannot vote.',
    });
    expect(await ctx.db.$count(votes, eq(votes.passId, holder.pass.id))).toBe(0);

    const { client: passless } = await signedInMember(ctx.app);
    expect((await passless.post('/api/vote', { businessId: shop(0).id })).statusCode).toBe(404);
    expect(
      (await new TestClient(ctx.app).post('/api/vote', { businessId: shop(0).id })).statusCode,
    ).toBe(401);
  });

  it('leaves no vote on a shop deleted while votes for it arrive, and returns them to voters', async () => {
    await setVotesPerShop(1);
    const doomed = await insertBusiness(ctx.db, challenge.id, {
      name: 'Closing Down',
      position: 9,
    });
    const holders = await Promise.all(
      Array.from({ length: 6 }, () => signedInPassHolder(ctx, challenge.id)),
    );
    for (const holder of holders) await markRedeemed(ctx, holder.pass, [shop(0).id]);
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);

    const [deleted, ...answers] = await Promise.all([
      admin.delete(`/api/admin/businesses/${doomed.id}`),
      ...holders.map((holder) => holder.client.post('/api/vote', { businessId: doomed.id })),
    ]);
    expect(deleted.statusCode).toBe(204);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 404)).toBe(
      true,
    );
    expect(await ctx.db.$count(votes, eq(votes.businessId, doomed.id))).toBe(0);
    for (const holder of holders) {
      expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
        availableVotes: 1,
      });
    }
    await expectCountersMatchVotes();
  });

  it('gives back a vote whose shop is deleted even while the vote row remains (rule 8)', async () => {
    await setVotesPerShop(1);
    const closing = await insertBusiness(ctx.db, challenge.id, {
      name: 'Closing Soon',
      position: 8,
    });
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(0).id, shop(1).id]);
    expect((await holder.client.post('/api/vote', { businessId: closing.id })).statusCode).toBe(
      200,
    );
    const available = async () => (await holder.client.get('/api/user/available-votes')).json();
    expect(await available()).toEqual({ availableVotes: 1 });
    // Deleted in the database alone: the vote row stays, and still no longer spends a vote.
    await ctx.db
      .update(businesses)
      .set({ deletedAt: new Date() })
      .where(eq(businesses.id, closing.id));
    expect(await available()).toEqual({ availableVotes: 2 });
    expect(await ctx.db.$count(votes, eq(votes.businessId, closing.id))).toBe(1);
  });

  it('GET /api/votes reads the counters of the live shops', async () => {
    const counts = (await new TestClient(ctx.app).get('/api/votes')).json();
    const [row] = await ctx.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, shop(2).id));
    expect(counts[shop(2).id]).toBe(row!.voteCount);
    expect(Object.keys(counts)).toHaveLength(4);
  });
});

describe('POST /api/reset-votes', () => {
  it('deletes only the caller’s votes and takes them off the counters', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    const bystander = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop(0).id, shop(1).id]);
    await markRedeemed(ctx, bystander.pass, [shop(0).id]);
    await holder.client.post('/api/vote', { businessId: shop(0).id });
    await holder.client.post('/api/vote', { businessId: shop(1).id });
    await bystander.client.post('/api/vote', { businessId: shop(0).id });
    const reset = await holder.client.post('/api/reset-votes');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your votes have been reset (2 removed).' });
    expect((await holder.client.get('/api/user/available-votes')).json()).toEqual({
      availableVotes: 2,
    });
    expect((await holder.client.get('/api/user/own-votes')).json()).toEqual({});
    expect((await bystander.client.get('/api/user/own-votes')).json()).toEqual({ [shop(0).id]: 1 });
    await expectCountersMatchVotes();
  });

  it('does not exist without test tools (rule 5)', async () => {
    await withTestApp({ testToolsEnabled: false }, async (production) => {
      const { client } = await signedInMember(production.app);
      const answer = await client.post('/api/reset-votes');
      expect(answer.statusCode).toBe(404);
      expect((await client.post('/api/testing/create-pass')).statusCode).toBe(404);
      expect((await client.get('/api/config')).json()).toMatchObject({
        testToolsEnabled: false,
        paymentMode: 'sandbox',
      });
    });
  });
});

describe('POST /api/testing/create-pass', () => {
  it('gives the caller one pass with a coupon per shop even when called twice at once', async () => {
    const { client } = await signedInMember(ctx.app);
    const [first, again] = await Promise.all([
      client.post('/api/testing/create-pass'),
      client.post('/api/testing/create-pass'),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([201, 409]);
    expect((await client.get('/api/user/coupons')).json()).toHaveLength(4);
  });
});
