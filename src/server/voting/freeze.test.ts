import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardPage } from '#shared/admin.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import type { Business, Challenge } from '#server/db/schema.ts';

const HOUR_MS = 3_600_000;

const ctx = useTestApp();
let challenge: Challenge;
let shop: Business;
let holder: Awaited<ReturnType<typeof signedInPassHolder>>;

beforeAll(async () => {
  // Ends in 3 days; the public counts stop 24 hours before.
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
    votesPerShop: null,
    endDate: new Date(ctx.clock.now().getTime() + 3 * DAY_MS),
    standingsFreezeHours: 24,
  });
  shop = await insertBusiness(ctx.db, challenge.id);
  const other = await insertBusiness(ctx.db, challenge.id);
  holder = await signedInPassHolder(ctx, challenge.id);
  // Two coupons, two votes, both for `shop`.
  await markRedeemed(ctx, holder.pass, [shop.id, other.id]);
});

const publicCount = async () =>
  (await new TestClient(ctx.app).get('/api/votes')).json<Record<string, number>>()[shop.id];

async function vote() {
  const answer = await holder.client.post('/api/vote', { businessId: shop.id });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('standings freeze (docs/RULES.md rule 18)', () => {
  it('counts live until the freeze, then shows the freeze instant to the public only', async () => {
    await vote();
    expect(await publicCount()).toBe(1);
    // Two hours into the freeze a second vote lands: the public still sees one.
    ctx.clock.set(new Date(challenge.endDate.getTime() - 22 * HOUR_MS));
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    await vote();
    expect(await publicCount()).toBe(1);
    // Organizers see the live count.
    const page = (
      await admin.get(`/api/admin/leaderboard?challengeId=${challenge.id}`)
    ).json<LeaderboardPage>();
    expect(page.leaderboard!.standings.find((row) => row.businessId === shop.id)?.votes).toBe(2);
  });

  it('the vote stream sends the frozen counts too', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/votes/stream`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('data: {')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const json = /data: (\{.*\})/.exec(text)![1]!;
    expect(JSON.parse(json)).toMatchObject({ [shop.id]: 1 });
  });

  it('ends at the end: the final counts are public again', async () => {
    ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
    expect(await publicCount()).toBe(2);
  });
});
