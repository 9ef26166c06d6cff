import { describe, expect, it } from 'vitest';
import type { Explorer } from '#shared/explorers.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { TestClient, useTestApp } from '#tests/helpers/test-app.ts';

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
