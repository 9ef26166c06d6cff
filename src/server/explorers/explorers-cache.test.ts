import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Explorer } from '#shared/explorers.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  createTestContext,
  SECOND_APP_TIMEOUT_MS,
  secondInstance,
  TestClient,
  useTestApp,
  type TestContext,
} from '#tests/helpers/test-app.ts';

/** The board is a public read (docs/decisions/0005, 0047): kept a while, cleared by an opt-in or out. */
const ctx = useTestApp({ publicCacheTtlMs: 60_000 });

describe('the explorer board as a public read', () => {
  it('is kept through redeems, and an opt-in or opt-out shows at once', async () => {
    const { challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: 2 });
    const visitor = new TestClient(ctx.app);
    const board = async () =>
      (await visitor.get(`/api/challenges/${String(challenge.id)}/explorers`))
        .json<Explorer[]>()
        .map((row) => [row.name, row.shops]);
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shops[0]!.id], [ctx.clock.now()]);
    expect(await board()).toEqual([]);

    await holder.client.put('/api/user/explorer', { optIn: true, displayName: 'Cached Kid' });
    expect(await board()).toEqual([['Cached Kid', 1]]);
    // A redeem is not a public change: the kept board stands until it expires.
    await markRedeemed(ctx, holder.pass, [shops[1]!.id], [ctx.clock.now()]);
    expect(await board()).toEqual([['Cached Kid', 1]]);

    // Leaving clears the kept board at once, whatever its lifetime.
    await holder.client.put('/api/user/explorer', { optIn: false });
    expect(await board()).toEqual([]);
  });
});

describe('on two instances', () => {
  let other: TestContext;
  let second: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    // Kept a whole minute: only the change feed's notice can explain a prompt update.
    other = await createTestContext({ publicCacheTtlMs: 60_000 });
    second = await secondInstance(other);
  }, SECOND_APP_TIMEOUT_MS);
  afterAll(async () => {
    await second.close();
    await other.close();
  });

  it("an opt-out on one instance clears the other's kept board", async () => {
    const { challenge, shops } = await insertRunningBattle(other.db, other.clock.now(), {
      shops: 1,
    });
    const holder = await signedInPassHolder(other, challenge.id);
    await markRedeemed(other, holder.pass, [shops[0]!.id], [other.clock.now()]);
    await holder.client.put('/api/user/explorer', { optIn: true, displayName: 'Two Towns' });
    const names = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/challenges/${String(challenge.id)}/explorers`,
        })
      )
        .json<Explorer[]>()
        .map((row) => row.name);
    expect(await names(second.app)).toEqual(['Two Towns']);

    await holder.client.put('/api/user/explorer', { optIn: false });
    await expect.poll(() => names(second.app), { timeout: 10_000, interval: 50 }).toEqual([]);
  });
});
