import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberProgress } from '#shared/progress.ts';
import { challenges, milestones, type Business } from '#server/db/schema.ts';
import { issuePass } from '#server/passes/issue.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf } from '#tests/helpers/pass-holders.ts';
import { signedInMember, type TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { queryRows, usingPostgres } from '#tests/helpers/test-db.ts';

/**
 * docs/decisions/0042 under random operations: online and offline redeems (right or wrong codes,
 * some offline ones sent again with their nonce, some nonces reused for another coupon) and votes,
 * a few at once (on PostgreSQL really in parallel). Whatever happens, each coupon is redeemed by
 * one request at most, a pass never holds more votes than redeemed coupons, the pass's available
 * votes are redeemed − cast, and nothing answers 5xx. The battle's milestones (docs/decisions/0046)
 * follow the same redeems: a pass holds a tier's reward exactly when it has visited enough shops
 * and stock was left, once, and no tier gives more than its stock.
 */

const ctx = useTestApp();
const NOW = new Date('2026-11-20T18:30:00.000Z');
const HOUR_MS = 3_600_000;
const MEMBERS = 3;
const SHOPS = 3;
const CODES = ['2461', '3572', '4683'];

const members: { client: TestClient; userId: number }[] = [];

beforeAll(async () => {
  ctx.clock.set(NOW);
  for (let index = 0; index < MEMBERS; index += 1) {
    const { client, user } = await signedInMember(ctx.app);
    members.push({ client, userId: user.id });
  }
});

/** A battle of its own for each run, the only published one, with passes bought a day before. */
async function freshBattle() {
  await ctx.db.update(challenges).set({ active: false });
  const challenge = await insertChallenge(ctx.db, NOW, { votesPerShop: null });
  const shops: Business[] = [];
  for (const code of CODES.slice(0, SHOPS))
    shops.push(
      await insertBusiness(ctx.db, challenge.id, {
        redemptionCode: code,
        createdAt: new Date(NOW.getTime() - 2 * 24 * HOUR_MS),
      }),
    );
  const held = [];
  for (const member of members) {
    const { pass } = await ctx.db.transaction((tx) =>
      issuePass(tx, {
        userId: member.userId,
        challengeId: challenge.id,
        purchaseDate: new Date(NOW.getTime() - 24 * HOUR_MS),
      }),
    );
    held.push({ ...member, pass });
  }
  // Fewer glasses than members, so the stock runs out in some runs; the hat has no limit.
  await ctx.db.insert(milestones).values([
    { challengeId: challenge.id, shops: 2, reward: 'pint glass', stock: 2 },
    { challengeId: challenge.id, shops: SHOPS, reward: 'hat' },
  ]);
  return { shops, held };
}

type Operation =
  | {
      kind: 'redeem';
      member: number;
      shop: number;
      rightCode: boolean;
      /** Offline: typed this many minutes ago, with one of a few nonces (so some are replays). */
      offline: { minutesAgo: number; nonce: number } | null;
    }
  | { kind: 'vote'; member: number; shop: number };

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const shop = fc.integer({ min: 0, max: SHOPS - 1 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      member,
      shop,
      rightCode: fc.boolean(),
      offline: fc.option(
        fc.record({
          minutesAgo: fc.integer({ min: 0, max: 60 }),
          nonce: fc.integer({ min: 0, max: 3 }),
        }),
        { nil: null },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('vote' as const), member, shop }) },
);
/** A step is a few operations sent at once. */
const steps = fc.array(fc.array(operation, { minLength: 1, maxLength: 4 }), {
  minLength: 3,
  maxLength: 8,
});

describe('online and offline redeems with votes, drawn at random and sent together', () => {
  it('redeem each coupon once at most, and never give a pass more votes than redeemed coupons', async () => {
    let run = 0;
    /** Across the runs: the property was not met vacuously, both kinds did redeem. */
    const redeemedKinds = new Set<'online' | 'offline'>();
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        run += 1;
        const { shops, held } = await freshBattle();
        /** Per coupon, the requests that redeemed it: an online request, or an offline nonce. */
        const redeemedBy = new Map<number, Set<string>>();
        let request = 0;

        const perform = async (op: Operation) => {
          const who = held[op.member]!;
          const target = shops[op.shop]!;
          if (op.kind === 'vote') return who.client.post('/api/vote', { businessId: target.id });
          const coupon = await couponOf(ctx, who.pass, target.id);
          const code = op.rightCode ? target.redemptionCode : '0000';
          request += 1;
          const nonce = op.offline && `run-${run}-member-${op.member}-nonce-${op.offline.nonce}`;
          const answer = await who.client.post(`/api/coupons/${coupon.id}/redeem`, {
            redemptionCode: code,
            ...(op.offline && {
              // The same nonce always carries the same instant, as the phone sends it again.
              enteredAt: new Date(
                NOW.getTime() - (op.offline.nonce * 7 + 1) * 60_000,
              ).toISOString(),
              nonce,
            }),
          });
          if (answer.statusCode === 200) {
            const by = redeemedBy.get(coupon.id) ?? new Set<string>();
            by.add(nonce ?? `online-${request}`);
            redeemedKinds.add(nonce ? 'offline' : 'online');
            redeemedBy.set(coupon.id, by);
          }
          return answer;
        };

        for (const step of plan) {
          const answers = await Promise.all(step.map(perform));
          for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
          for (const by of redeemedBy.values()) expect(by.size).toBe(1);
          for (const { client, pass } of held) {
            const [ledger] = await queryRows<{ redeemed: number; votes: number }>(
              ctx.db,
              sql`select
                (select count(*)::int from coupons where pass_id = ${pass.id} and redeemed) as redeemed,
                (select count(*)::int from votes where pass_id = ${pass.id}) as votes`,
            );
            expect(ledger!.votes).toBeLessThanOrEqual(ledger!.redeemed);
            const progress = (await client.get('/api/user/progress')).json<MemberProgress>();
            expect(progress.availableVotes).toBe(ledger!.redeemed - ledger!.votes);
            // Every redeemed coupon was redeemed by one request this run saw answered 200.
            for (const coupon of progress.coupons.filter((each) => each.redeemed))
              expect(redeemedBy.get(coupon.id)?.size).toBe(1);
            const [glass, hat] = progress.milestones;
            expect(hat?.reached).toBe(ledger!.redeemed >= SHOPS);
            if (ledger!.redeemed < 2) expect(glass?.reached).toBe(false);
          }
          const tiers = await queryRows<{
            shops: number;
            stock: number | null;
            issued: number;
            passes: number;
          }>(
            ctx.db,
            sql`select m.shops, m.stock, count(r.id)::int as issued, count(distinct r.pass_id)::int as passes
              from milestones m left join rewards r on r.milestone_id = m.id and r.voided_at is null
              where m.challenge_id = (select challenge_id from passes where id = ${held[0]!.pass.id})
              group by m.id order by m.shops`,
          );
          const reachedGlass = await queryRows<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from passes p
              where p.id in (${sql.join(
                held.map(({ pass }) => sql`${pass.id}`),
                sql`, `,
              )})
                and (select count(*) from coupons where pass_id = p.id and redeemed) >= 2`,
          );
          for (const tier of tiers) {
            // One reward per pass and tier, never beyond the stock.
            expect(tier.passes).toBe(tier.issued);
            if (tier.stock !== null) expect(tier.issued).toBeLessThanOrEqual(tier.stock);
          }
          // Every pass that got to 2 shops has its glass, unless the glasses ran out.
          expect(tiers[0]!.issued).toBe(Math.min(2, reachedGlass[0]!.n));
        }
        // An offline redemption that counted is on its coupon, once: the coupons marked offline
        // are exactly those with one offline answer that redeemed them.
        const passIds = sql.join(
          held.map(({ pass }) => sql`${pass.id}`),
          sql`, `,
        );
        const [marks] = await queryRows<{ marked: number; answered: number; twice: number }>(
          ctx.db,
          sql`select
            (select count(*)::int from coupons
              where pass_id in (${passIds}) and entered_at is not null) as marked,
            (select count(distinct coupon_id)::int from offline_redemptions
              where pass_id in (${passIds}) and answer->>'outcome' = 'redeemed') as answered,
            (select count(*)::int from (
              select coupon_id from offline_redemptions
              where pass_id in (${passIds}) and answer->>'outcome' = 'redeemed'
              group by coupon_id having count(*) > 1) as doubled) as twice`,
        );
        expect(marks).toEqual({ marked: marks!.answered, answered: marks!.answered, twice: 0 });
      }),
      { numRuns: usingPostgres ? 20 : 10 },
    );
    expect([...redeemedKinds].sort()).toEqual(['offline', 'online']);
  }, 240_000);
});
