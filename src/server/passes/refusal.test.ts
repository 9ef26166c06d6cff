import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/rule-call.ts';
import { passes } from '../db/schema.ts';
import { INACTIVE_REASONS } from '#shared/passes.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();

describe('whether a pass may act now, decided once (db/rules/pass_refusal.sql)', () => {
  it('redeem, vote and reset refuse with one wording, its dates in the challenge time zone', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
      timeZone: 'America/New_York',
      startDate: new Date('2026-01-10T14:00:00.000Z'),
      endDate: new Date('2026-02-09T14:00:00.000Z'),
    });
    const shop = await insertBusiness(ctx.db, challenge.id);
    const holder = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, holder.pass, [shop.id]);
    const [coupon] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from coupons where pass_id = ${holder.pass.id}`,
    );
    const attempts = {
      redeem: () =>
        holder.client.post(`/api/coupons/${coupon!.id}/redeem`, { redemptionCode: '0000' }),
      vote: () => holder.client.post('/api/vote', { businessId: shop.id }),
      'reset votes': () => holder.client.post('/api/reset-votes', {}),
    };
    const doing = { redeem: 'redeem coupons', vote: 'vote', 'reset votes': 'reset votes' };

    ctx.clock.set(new Date('2026-01-10T13:59:59.999Z'));
    for (const [action, attempt] of Object.entries(attempts)) {
      const answer = await attempt();
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(
        `Test Coffee Battle has not started yet. You can ${doing[action as keyof typeof doing]} from January 10, 2026 at 9:00 AM EST.`,
      );
    }

    ctx.clock.set(new Date('2026-02-09T14:00:00.001Z'));
    for (const [action, attempt] of Object.entries(attempts)) {
      const answer = await attempt();
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(
        `Test Coffee Battle ended on February 9, 2026 at 9:00 AM EST. You can no longer ${doing[action as keyof typeof doing]}.`,
      );
    }

    // At the end instant itself the battle still runs: the vote counts.
    ctx.clock.set(new Date('2026-02-09T14:00:00.000Z'));
    expect((await attempts.vote()).statusCode).toBe(200);

    await ctx.db
      .update(passes)
      .set({ active: false, inactiveReason: 'refunded' })
      .where(sql`${passes.id} = ${holder.pass.id}`);
    for (const [action, attempt] of Object.entries(attempts)) {
      expect((await attempt()).json().message).toBe(
        `This pass is no longer active (refunded), so it cannot ${doing[action as keyof typeof doing]}.`,
      );
    }

    // In another language: a reason the code stores is said in it, any other text as stored.
    const spanishVote = async () =>
      (
        await holder.client.request({
          method: 'POST',
          url: '/api/vote',
          payload: { businessId: shop.id },
          headers: { 'accept-language': 'es-US,es;q=0.9' },
        })
      ).json<{ message: string }>().message;
    expect(await spanishVote()).toBe(
      'Este pase ya no está activo (refunded), así que no puede votar.',
    );
    await ctx.db
      .update(passes)
      .set({ inactiveReason: INACTIVE_REASONS.refunded })
      .where(sql`${passes.id} = ${holder.pass.id}`);
    expect(await spanishVote()).toBe(
      'Este pase ya no está activo (Se te reembolsó el pago, así que este pase ya no está activo.), así que no puede votar.',
    );
    expect((await attempts.vote()).json().message).toBe(
      `This pass is no longer active (${INACTIVE_REASONS.refunded}), so it cannot vote.`,
    );
  });
});
