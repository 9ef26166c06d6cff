import { describe, expect, it } from 'vitest';
import type { MemberDraws } from '#shared/draws.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { passHoldersWhoRedeemed } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { setPassCounted } from '../passes/switch.ts';

const ctx = useTestApp();

describe('GET /api/user/draws: a member finds themselves in the draws and the published files', () => {
  it('counts their entries as the draw will, names their pass as entries.csv does, and is theirs alone', async () => {
    const { challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { endDate: new Date(ctx.clock.now().getTime() + DAY_MS) },
      shops: 3,
    });
    const [two, none, refunded] = await passHoldersWhoRedeemed(ctx, challenge.id, [
      shops.slice(0, 2).map((shop) => shop.id),
      [],
      [shops[0]!.id],
    ]);
    await setPassCounted(
      ctx.db,
      refunded!.pass.id,
      { counted: false, reason: 'refunded' },
      { now: ctx.clock.now() },
    );
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const drawsUrl = `/api/admin/challenges/${String(challenge.id)}/draws`;
    for (const [prize, entries] of [
      ['A month of coffee', 'coupons'],
      ['A mug', 'passes'],
      ['A tote for explorers', 'shops>=2'],
      ['A map for the keenest', 'shops>=3'],
    ]) {
      expect((await admin.post(drawsUrl, { prize, winnerCount: 1, entries })).statusCode).toBe(201);
    }

    const entriesOf = async (client: TestClient) => {
      const answer = await client.get('/api/user/draws');
      expect(answer.statusCode).toBe(200);
      return answer.json<MemberDraws>();
    };
    const mine = await entriesOf(two!.client);
    expect(
      mine.draws.map((draw) => [draw.prize, draw.yourEntries, draw.revealed, draw.youWon]),
    ).toEqual([
      ['A month of coffee', 2, false, false],
      ['A mug', 1, false, false],
      ['A tote for explorers', 1, false, false],
      ['A map for the keenest', 0, false, false],
    ]);
    expect(mine.pass).toMatch(/^[0-9a-f]{16}$/);
    expect((await entriesOf(none!.client)).draws.map((draw) => draw.yourEntries)).toEqual([
      0, 0, 0, 0,
    ]);
    expect((await entriesOf(refunded!.client)).draws.map((draw) => draw.yourEntries)).toEqual([
      0, 0, 0, 0,
    ]);
    expect((await new TestClient(ctx.app).get('/api/user/draws')).statusCode).toBe(401);
    const { client: noPass } = await signedInMember(ctx.app);
    expect((await noPass.get('/api/user/draws')).statusCode).toBe(404);

    // After the end the published entries name the member's pass as the page told them.
    ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
    const publicDraws = (
      await new TestClient(ctx.app).get(`/api/challenges/${String(challenge.id)}/draws`)
    ).json<PublicDraw[]>();
    for (const draw of publicDraws) {
      expect((await admin.post(`/api/admin/draws/${String(draw.id)}/reveal`, {})).statusCode).toBe(
        200,
      );
    }
    const coupons = await new TestClient(ctx.app).get(
      `/api/draws/${String(publicDraws[0]!.id)}/entries.csv`,
    );
    expect(
      coupons.body.split('\r\n').filter((line) => line.endsWith(`,${mine.pass}`)),
    ).toHaveLength(2);
    // The only counted pass with entries wins each one-winner draw it entered; nobody has 3 shops.
    expect(
      (await entriesOf(two!.client)).draws.map((draw) => [draw.revealed, draw.youWon]),
    ).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
    expect((await entriesOf(none!.client)).draws.map((draw) => draw.youWon)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
