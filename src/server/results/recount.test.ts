import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import type { CreatedDraw } from '#shared/draws.ts';
import type { Results } from '#shared/results.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import type { Business } from '#server/db/schema.ts';
import { setPassCounted } from '#server/passes/switch.ts';

/**
 * docs/RULES.md rule 17 as a property: whatever members redeem and vote, whichever passes are
 * refunded and shops removed, the published votes.csv recounts to the published ranking, whose
 * ranks follow rules 10 and 14 and whose share is votes / redeemers; and (rule 19) the published
 * draw recomputes from its seed and entries file, which hold the counted state's entries.
 */

const ctx = useTestApp();
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});

const SHOPS = 3;
const member = fc.record({
  /** Shops (by index) whose coupons this member redeemed. */
  redeemed: fc.uniqueArray(fc.integer({ min: 0, max: SHOPS - 1 }), { maxLength: SHOPS }),
  /** Where each earned vote goes (as many as redeemed are cast). */
  votes: fc.array(fc.integer({ min: 0, max: SHOPS - 1 }), { maxLength: SHOPS }),
  refunded: fc.boolean(),
});
const history = fc.record({
  members: fc.array(member, { minLength: 1, maxLength: 4 }),
  removedShop: fc.option(fc.integer({ min: 0, max: SHOPS - 1 }), { nil: undefined }),
  draw: fc.record({
    entries: fc.constantFrom(
      'coupons' as const,
      'passes' as const,
      'shops>=1' as const,
      'shops>=2' as const,
      'shops>=3' as const,
    ),
    winnerCount: fc.integer({ min: 1, max: 5 }),
  }),
});

/** docs/RULES.md rule 19 written out again with node:crypto, apart from src/shared/draws.ts. */
function recomputedWinners(seedHex: string, csv: string, winnerCount: number) {
  const ordered = parse<{ entry_id: string; pass: string }>(csv, { columns: true })
    .map((row) => ({
      pass: row.pass,
      order: createHmac('sha256', Buffer.from(seedHex, 'hex')).update(row.entry_id).digest('hex'),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const winners: string[] = [];
  for (const { pass } of ordered)
    if (winners.length < winnerCount && !winners.includes(pass)) winners.push(pass);
  return winners;
}

const started = Date.now();
let run = 0;

it('the recount of votes.csv equals the ranking and the draw recomputes, for random histories', async () => {
  await fc.assert(
    fc.asyncProperty(history, async ({ members, removedShop, draw }) => {
      // Each run's battle starts latest, so it is the active one its members vote in (rule 1).
      run += 1;
      ctx.clock.set(new Date(started + run * 60_000));
      const challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
        votesPerShop: null,
        endDate: new Date(ctx.clock.now().getTime() + DAY_MS),
      });
      const shops: Business[] = [];
      for (let index = 0; index < SHOPS; index += 1)
        shops.push(await insertBusiness(ctx.db, challenge.id));
      const created = await admin.post(`/api/admin/challenges/${challenge.id}/draws`, {
        prize: 'A prize',
        ...draw,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id: drawId, commitment } = created.json<CreatedDraw>();
      for (const plan of members) {
        const holder = await signedInPassHolder(ctx, challenge.id);
        await markRedeemed(
          ctx,
          holder.pass,
          plan.redeemed.map((index) => shops[index]!.id),
        );
        for (const index of plan.votes.slice(0, plan.redeemed.length)) {
          const answer = await holder.client.post('/api/vote', { businessId: shops[index]!.id });
          expect(answer.statusCode, answer.body).toBe(200);
        }
        if (plan.refunded)
          await setPassCounted(
            ctx.db,
            holder.pass.id,
            { counted: false, reason: 'refunded' },
            { now: ctx.clock.now() },
          );
      }
      if (removedShop !== undefined)
        expect(
          (await admin.delete(`/api/admin/businesses/${shops[removedShop]!.id}`)).statusCode,
        ).toBe(204);
      ctx.clock.set(new Date(challenge.endDate.getTime() + 1));

      const visitor = new TestClient(ctx.app);
      const { ranking } = (
        await visitor.get(`/api/challenges/${challenge.id}/results`)
      ).json<Results>();
      const csv = (await visitor.get(`/api/challenges/${challenge.id}/votes.csv`)).body;
      const recount: Record<string, number> = {};
      for (const row of parse<Record<string, string>>(csv, { columns: true }))
        recount[row.shop_id!] = (recount[row.shop_id!] ?? 0) + 1;
      expect(Object.fromEntries(ranking.map((row) => [row.businessId, row.votes]))).toEqual(
        Object.fromEntries(
          shops
            .filter((_, index) => index !== removedShop)
            .map((shop) => [shop.id, recount[shop.id] ?? 0]),
        ),
      );
      for (const row of ranking) {
        const more = ranking.filter((other) => other.votes > row.votes).length;
        expect(row.rank).toBe(row.votes > 0 ? 1 + more : null);
        expect(row.share).toBe(row.redeemers > 0 ? row.votes / row.redeemers : 0);
      }

      // The draw: revealed after the end, it recomputes from its published seed and file.
      expect((await admin.post(`/api/admin/draws/${drawId}/reveal`, {})).statusCode).toBe(200);
      const { draws } = (
        await visitor.get(`/api/challenges/${challenge.id}/results`)
      ).json<Results>();
      const published = draws.find((each) => each.id === drawId)!;
      const file = await visitor.get(`/api/draws/${drawId}/entries.csv`);
      expect(createHash('sha256').update(Buffer.from(published.seed!, 'hex')).digest('hex')).toBe(
        commitment,
      );
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
        published.entriesCsvSha256,
      );
      expect(published.winners).toEqual(
        recomputedWinners(published.seed!, file.body, draw.winnerCount),
      );
      // Entries from the counted state: active passes, live shops.
      const counted = members
        .filter((plan) => !plan.refunded)
        .map((plan) => plan.redeemed.filter((index) => index !== removedShop).length);
      // Written out again apart from #shared/draws.ts: 'shops>=N' is a pass with N shops or more.
      const minimumShops = draw.entries.startsWith('shops>=') ? Number(draw.entries.slice(7)) : 1;
      const expectedEntries =
        draw.entries === 'coupons'
          ? counted.reduce((sum, count) => sum + count, 0)
          : counted.filter((count) => count >= minimumShops).length;
      expect(parse(file.body, { columns: true })).toHaveLength(expectedEntries);
    }),
    { numRuns: 8 },
  );
  // Eight drawn battles, each with its members, votes and a reveal: seconds on a quiet machine,
  // near the default 30 s on a loaded one.
}, 120_000);
