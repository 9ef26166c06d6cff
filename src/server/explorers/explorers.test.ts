import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Explorer, ExplorerSetting } from '#shared/explorers.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { challenges, users, type Business, type Challenge } from '../db/schema.ts';
import { setPassCounted } from '../passes/switch.ts';

/** docs/decisions/0047: the explorer board and the member's switch, on the database the suite runs on. */
const ctx = useTestApp();
const HOUR_MS = 3_600_000;

let challenge: Challenge;
let shops: Business[];

/** Each test's battle starts a minute after the one before, so it is its members' current one (rule 1). */
beforeEach(async () => {
  ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { votesPerShop: null, endDate: new Date(ctx.clock.now().getTime() + DAY_MS) },
    shops: 4,
  }));
});

const board = async (id = challenge.id) => {
  const answer = await new TestClient(ctx.app).get(`/api/challenges/${String(id)}/explorers`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Explorer[]>();
};

/** votes.csv's pseudonym, written out again apart from src/server/audit-trail/pseudonym.ts. */
const pseudonymOf = (passId: number) =>
  createHash('sha256')
    .update(`${challenge.auditSalt}:${String(passId)}`)
    .digest('hex')
    .slice(0, 16);

/** A holder who redeemed the first `count` shops, the k-th at `start + k` minutes. */
async function explorer(count: number, start: Date, setting?: { displayName?: string }) {
  const holder = await signedInPassHolder(ctx, challenge.id);
  const at = Array.from({ length: count }, (_, k) => new Date(start.getTime() + k * 60_000));
  await markRedeemed(
    ctx,
    holder.pass,
    shops.slice(0, count).map((shop) => shop.id),
    at,
  );
  if (setting) {
    const answer = await holder.client.put('/api/user/explorer', { optIn: true, ...setting });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return holder;
}

const hourOf = (instant: Date) =>
  new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS).toISOString();

describe('PUT and GET /api/user/explorer', () => {
  it('switches the member on and off, with a display name or none, and is theirs alone', async () => {
    const { client } = await signedInMember(ctx.app);
    expect((await client.get('/api/user/explorer')).json()).toEqual({
      optIn: false,
      displayName: null,
    });
    const on = await client.put('/api/user/explorer', {
      optIn: true,
      displayName: '  Bean Hunter ',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<ExplorerSetting>()).toEqual({ optIn: true, displayName: 'Bean Hunter' });
    expect((await client.get('/api/user/explorer')).json()).toEqual(on.json());
    const off = await client.put('/api/user/explorer', { optIn: false });
    expect(off.json<ExplorerSetting>()).toEqual({ optIn: false, displayName: null });

    const visitor = new TestClient(ctx.app);
    expect((await visitor.get('/api/user/explorer')).statusCode).toBe(401);
    expect((await visitor.put('/api/user/explorer', { optIn: true })).statusCode).toBe(401);
  });

  it('refuses bad display names with a clear message and changes nothing', async () => {
    const { client, user } = await signedInMember(ctx.app);
    await client.put('/api/user/explorer', { optIn: true, displayName: 'Trail Fox' });
    const cases: [unknown, string][] = [
      [{ optIn: true, displayName: 'x' }, 'Display name must be at least 2 characters'],
      [{ optIn: true, displayName: '   ' }, 'Display name must be at least 2 characters'],
      [{ optIn: true, displayName: 'y'.repeat(31) }, 'Display name must be at most 30 characters'],
      [{ optIn: true, displayName: 'Visit https://spam.example' }, 'web or email address'],
      [{ optIn: true, displayName: 'www.cheap-beans' }, 'web or email address'],
      [{ optIn: true, displayName: 'beans.shop' }, 'web or email address'],
      [{ optIn: true, displayName: 'me@mail' }, 'web or email address'],
      [{ optIn: true, displayName: 'Line\nbreak' }, 'control characters or line breaks'],
      [{ optIn: true, displayName: '0123456789abcdef' }, 'may not look like a pass code'],
      [{ optIn: true, displayName: 12 }, 'Display name must be text'],
      [{ optIn: 'yes' }, 'optIn must be true or false'],
      [{}, 'optIn must be true or false'],
    ];
    for (const [body, message] of cases) {
      const answer = await client.put('/api/user/explorer', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect([stored!.explorerOptIn, stored!.explorerName]).toEqual([true, 'Trail Fox']);
  });
});

describe('GET /api/challenges/{id}/explorers', () => {
  it('lists who opted in by distinct shops, ties to who got there first, under their name or pseudonym', async () => {
    const start = new Date(ctx.clock.now().getTime() - 5 * HOUR_MS);
    // Three shops each: `late` reached 3 later than `early`, who is listed first.
    const late = await explorer(3, new Date(start.getTime() + 30 * 60_000), {
      displayName: 'Late Lark',
    });
    const early = await explorer(3, start, {});
    const one = await explorer(1, start, { displayName: 'One Stop' });
    // Not opted in, and opted in with nothing redeemed: neither is listed.
    await explorer(4, start);
    await explorer(0, start, { displayName: 'Nowhere Yet' });

    expect(await board()).toEqual([
      {
        name: pseudonymOf(early.pass.id),
        shops: 3,
        reachedAt: hourOf(new Date(start.getTime() + 2 * 60_000)),
      },
      {
        name: 'Late Lark',
        shops: 3,
        reachedAt: hourOf(new Date(start.getTime() + 32 * 60_000)),
      },
      { name: 'One Stop', shops: 1, reachedAt: hourOf(start) },
    ]);
    // The hour only (docs/RULES.md rule 23).
    for (const row of await board()) expect(row.reachedAt).toMatch(/T\d\d:00:00\.000Z$/);

    // One more shop puts `late` ahead; opting out takes `one` off at once.
    await markRedeemed(ctx, late.pass, [shops[3]!.id], [new Date(start.getTime() + HOUR_MS)]);
    expect((await one.client.put('/api/user/explorer', { optIn: false })).statusCode).toBe(200);
    expect((await board()).map((row) => [row.name, row.shops])).toEqual([
      ['Late Lark', 4],
      [pseudonymOf(early.pass.id), 3],
    ]);
  });

  it('a refunded or disputed pass leaves the board; a dispute won brings it back', async () => {
    const start = new Date(ctx.clock.now().getTime() - HOUR_MS);
    await explorer(2, start, { displayName: 'Kept Pass' });
    const refunded = await explorer(3, start, { displayName: 'Refunded Pass' });
    expect((await board()).map((row) => row.name)).toEqual(['Refunded Pass', 'Kept Pass']);
    const now = { now: ctx.clock.now() };
    await setPassCounted(ctx.db, refunded.pass.id, { counted: false, reason: 'disputed' }, now);
    expect((await board()).map((row) => row.name)).toEqual(['Kept Pass']);
    await setPassCounted(ctx.db, refunded.pass.id, { counted: true }, now);
    expect((await board()).map((row) => row.name)).toEqual(['Refunded Pass', 'Kept Pass']);
  });

  it('a reset of votes changes nothing on the board', async () => {
    const holder = await explorer(2, new Date(ctx.clock.now().getTime() - HOUR_MS), {
      displayName: 'Voter',
    });
    expect((await holder.client.post('/api/vote', { businessId: shops[0]!.id })).statusCode).toBe(
      200,
    );
    const before = await board();
    expect(before.map((row) => [row.name, row.shops])).toEqual([['Voter', 2]]);
    const reset = await holder.client.post('/api/reset-votes');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await board()).toEqual(before);
  });

  it('freezes with the standings: redeems after the freeze instant wait for the end; opting out does not', async () => {
    await ctx.db
      .update(challenges)
      .set({ standingsFreezeHours: 2 })
      .where(eq(challenges.id, challenge.id));
    const freezeAt = new Date(challenge.endDate.getTime() - 2 * HOUR_MS);
    const before = new Date(freezeAt.getTime() - HOUR_MS);
    const steady = await explorer(2, before, { displayName: 'Steady' });
    const sprinter = await explorer(1, before, { displayName: 'Sprinter' });
    // During the freeze the sprinter redeems three more shops.
    await markRedeemed(
      ctx,
      sprinter.pass,
      shops.slice(1, 4).map((shop) => shop.id),
      [1, 2, 3].map((minutes) => new Date(freezeAt.getTime() + minutes * 60_000)),
    );

    ctx.clock.set(new Date(freezeAt.getTime() - 1000));
    expect((await board()).map((row) => [row.name, row.shops])).toEqual([
      ['Steady', 2],
      ['Sprinter', 1],
    ]);
    ctx.clock.set(new Date(freezeAt.getTime() + HOUR_MS));
    expect((await board()).map((row) => [row.name, row.shops])).toEqual([
      ['Steady', 2],
      ['Sprinter', 1],
    ]);
    expect((await steady.client.put('/api/user/explorer', { optIn: false })).statusCode).toBe(200);
    expect((await board()).map((row) => row.name)).toEqual(['Sprinter']);

    // After the end (the results page) the board counts every redeem until the end.
    ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
    expect((await board()).map((row) => [row.name, row.shops])).toEqual([['Sprinter', 4]]);
  });

  it('a deleted account leaves the board and its name is gone', async () => {
    const leaving = await explorer(2, new Date(ctx.clock.now().getTime() - HOUR_MS), {
      displayName: 'Leaving Soon',
    });
    expect((await board()).map((row) => row.name)).toEqual(['Leaving Soon']);
    const deleted = await leaving.client.post('/api/user/delete', { password: 'password123' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await board()).toEqual([]);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, leaving.user.id));
    expect([stored!.explorerOptIn, stored!.explorerName]).toEqual([false, null]);
  });

  it("answers 404 for a draft's or an unknown battle, 400 for a bad id", async () => {
    const visitor = new TestClient(ctx.app);
    await ctx.db.update(challenges).set({ active: false }).where(eq(challenges.id, challenge.id));
    for (const id of [String(challenge.id), '999999']) {
      const answer = await visitor.get(`/api/challenges/${id}/explorers`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json()).toEqual({ message: 'Challenge not found' });
    }
    expect((await visitor.get('/api/challenges/abc/explorers')).statusCode).toBe(400);
  });
});
