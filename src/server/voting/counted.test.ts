import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { passHoldersWhoRedeemed } from '#tests/helpers/pass-holders.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';
import { writeCountedVotesCsv } from '../audit-trail/votes-file.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses, coupons, type Business, type Challenge } from '../db/schema.ts';
import { setPassCounted } from '../passes/switch.ts';
import { countedRedemptionSql, countedVoteSql } from './counted.ts';
import { voteCountsAsOf } from './service.ts';

/**
 * docs/GLOSSARY.md, counted vote and counted redemption: each case of the one predicate, and the
 * readers that count by it (votes.csv and so the results, the freeze's counts, the shops' counters)
 * agreeing with it.
 */

const ctx = useTestApp();
const HOUR_MS = 3_600_000;

type PassState = 'counted' | 'switched off';
type ShopState = 'live' | 'removed';

let challenge: Challenge;
let shopOf: Record<ShopState, Business>;
let passOf: Record<PassState, number>;

/**
 * Two holders who redeemed and voted at both shops; then one pass is switched off (a refund) and
 * one shop is marked removed in place. Deleting a shop (delete_business) also deletes its votes,
 * so a vote for a removed shop is made here by hand: the predicate must hold even for one.
 */
beforeAll(async () => {
  const battle = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { endDate: new Date(ctx.clock.now().getTime() + HOUR_MS) },
    shops: 2,
  });
  challenge = battle.challenge;
  const [live, removed] = battle.shops as [Business, Business];
  shopOf = { live, removed };
  const holders = await passHoldersWhoRedeemed(ctx, challenge.id, [
    [live.id, removed.id],
    [live.id, removed.id],
  ]);
  for (const holder of holders)
    for (const shop of [live, removed]) {
      const answer = await holder.client.post('/api/vote', { businessId: shop.id });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  passOf = { counted: holders[0]!.pass.id, 'switched off': holders[1]!.pass.id };
  await setPassCounted(
    ctx.db,
    passOf['switched off'],
    { counted: false, reason: 'refunded' },
    { now: ctx.clock.now() },
  );
  await ctx.db
    .update(businesses)
    .set({ deletedAt: ctx.clock.now() })
    .where(eq(businesses.id, removed.id));
});

describe('a counted vote', () => {
  const table: { pass: PassState; shop: ShopState; counts: boolean }[] = [
    { pass: 'counted', shop: 'live', counts: true },
    { pass: 'switched off', shop: 'live', counts: false },
    { pass: 'counted', shop: 'removed', counts: false },
    { pass: 'switched off', shop: 'removed', counts: false },
  ];

  it.each(table)('of a $pass pass for a $shop shop counts: $counts', async (row) => {
    const rows = await queryRows<{ counts: boolean }>(
      ctx.db,
      sql`select ${countedVoteSql('p', 'b')} as counts
        from votes v join passes p on p.id = v.pass_id join businesses b on b.id = v.business_id
        where v.pass_id = ${passOf[row.pass]} and v.business_id = ${shopOf[row.shop].id}`,
    );
    expect(rows).toEqual([{ counts: row.counts }]);
  });

  it('is what votes.csv, the freeze counts and the shops’ counters count', async () => {
    const expected = new Map([[shopOf.live.id, 1]]);
    const inFile = await ctx.db.transaction((tx) =>
      writeCountedVotesCsv(tx, challenge.id, async () => {}),
    );
    expect(inFile).toEqual(expected);
    const future = new Date(ctx.clock.now().getTime() + HOUR_MS);
    expect(await voteCountsAsOf(ctx.db, challenge.id, future)).toEqual({
      [String(shopOf.live.id)]: 1,
    });
    const [counter] = await ctx.db
      .select({ votes: businesses.voteCount })
      .from(businesses)
      .where(eq(businesses.id, shopOf.live.id));
    expect(counter?.votes).toBe(1);
  });
});

describe('a counted redemption', () => {
  const table: {
    pass: PassState;
    shop: ShopState;
    redeemed: 'before the end' | 'after the end' | 'not';
    counts: boolean;
  }[] = [
    { pass: 'counted', shop: 'live', redeemed: 'before the end', counts: true },
    { pass: 'counted', shop: 'live', redeemed: 'after the end', counts: false },
    { pass: 'counted', shop: 'live', redeemed: 'not', counts: false },
    { pass: 'switched off', shop: 'live', redeemed: 'before the end', counts: false },
    { pass: 'counted', shop: 'removed', redeemed: 'before the end', counts: false },
  ];

  it.each(table)(
    'of a $pass pass at a $shop shop, redeemed $redeemed, counts by the end: $counts',
    async (row) => {
      const [coupon] = await ctx.db
        .select({ id: coupons.id })
        .from(coupons)
        .where(
          and(eq(coupons.passId, passOf[row.pass]), eq(coupons.businessId, shopOf[row.shop].id)),
        );
      const at = {
        'before the end': new Date(challenge.endDate.getTime() - 1),
        'after the end': new Date(challenge.endDate.getTime() + 1),
        not: null,
      }[row.redeemed];
      await ctx.db
        .update(coupons)
        .set({ redeemed: at !== null, redeemedAt: at })
        .where(eq(coupons.id, coupon!.id));
      const [result] = await queryRows<{ counts: boolean }>(
        ctx.db,
        sql`select ${countedRedemptionSql('k', 'p', 'b', sql`c.end_date`)} as counts
          from coupons k join passes p on p.id = k.pass_id join businesses b on b.id = k.business_id
            join challenges c on c.id = b.challenge_id
          where k.id = ${coupon!.id}`,
      );
      expect(result).toEqual({ counts: row.counts });
    },
  );
});
