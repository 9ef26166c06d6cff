import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminMilestone, AdminReward, PublicMilestone } from '#shared/milestones.ts';
import type { MemberProgress } from '#shared/progress.ts';
import {
  businesses,
  mailOutbox,
  rewards,
  users,
  type Business,
  type Challenge,
  type Pass,
} from '../db/schema.ts';
import { checkData } from '../backups/check-data.ts';
import { setPassCounted } from '../passes/switch.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { insertBusiness, insertChallenge, DAY_MS } from '#tests/helpers/fixtures.ts';
import { couponOf, markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

/** Milestones and rewards (docs/decisions/0046), on PGlite and, with DATABASE_URL, PostgreSQL. */

const ctx = useTestApp();
let admin: TestClient;

beforeAll(async () => {
  ({ client: admin } = await signedInAdmin(ctx.app, ctx.db));
});

const milestonesUrl = (challengeId: number) => `/api/admin/challenges/${challengeId}/milestones`;

/**
 * A battle that has just started and is the one its members' passes are read in (the latest
 * start wins, docs/RULES.md rule 1), with `shops` shops.
 */
async function startedBattle(shops = 3) {
  ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
  return insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { startDate: ctx.clock.now() },
    shops,
  });
}

async function addMilestone(challengeId: number, body: Record<string, unknown>) {
  const answer = await admin.post(milestonesUrl(challengeId), body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<AdminMilestone>();
}

async function redeem(client: TestClient, pass: Pass, shop: Business) {
  const coupon = await couponOf(ctx, pass, shop.id);
  const answer = await client.post(`/api/coupons/${coupon.id}/redeem`, {
    redemptionCode: shop.redemptionCode,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ message: string }>().message;
}

const progressOf = async (client: TestClient) =>
  (await client.get('/api/user/progress')).json<MemberProgress>();

const rewardsOfPass = (passId: number) =>
  ctx.db.select().from(rewards).where(eq(rewards.passId, passId));

const publicTiers = async (challengeId: number) => {
  const answer = await new TestClient(ctx.app).get(`/api/challenges/${challengeId}/milestones`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PublicMilestone[]>();
};

describe('the organizer’s milestones', () => {
  it('adds tiers and lists them lowest first, for organizers and for everyone', async () => {
    const { challenge } = await startedBattle(3);
    const glass = await addMilestone(challenge.id, { shops: 3, reward: 'pint glass', stock: 10 });
    const sticker = await addMilestone(challenge.id, { shops: 1, reward: ' sticker ' });
    expect(glass).toMatchObject({ shops: 3, reward: 'pint glass', stock: 10, left: 10, issued: 0 });
    expect(sticker).toMatchObject({ shops: 1, reward: 'sticker', stock: null, left: null });

    const listed = await admin.get(milestonesUrl(challenge.id));
    expect(listed.json<AdminMilestone[]>().map((tier) => tier.reward)).toEqual([
      'sticker',
      'pint glass',
    ]);
    expect(await publicTiers(challenge.id)).toEqual([
      { id: sticker.id, shops: 1, reward: 'sticker', stock: null, left: null },
      { id: glass.id, shops: 3, reward: 'pint glass', stock: 10, left: 10 },
    ]);
  });

  it("keeps each reward's words per language and answers them in the request's language (docs/decisions/0050)", async () => {
    const { challenge } = await startedBattle(3);
    const glass = await addMilestone(challenge.id, {
      shops: 2,
      reward: 'pint glass',
      translations: { es: { reward: ' vaso de pinta ' } },
    });
    const pin = await addMilestone(challenge.id, { shops: 1, reward: 'pin' });
    expect(glass.translations).toEqual({ es: { reward: 'vaso de pinta' } });
    expect(pin.translations).toEqual({});

    const tiersIn = async (acceptLanguage: string) => {
      const answer = await new TestClient(ctx.app).request({
        method: 'GET',
        url: `/api/challenges/${challenge.id}/milestones`,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers.vary).toMatch(/accept-language/i);
      return answer.json<PublicMilestone[]>().map((tier) => tier.reward);
    };
    // Spanish where the organizer wrote it, else the battle's own words.
    expect(await tiersIn('es-US,es;q=0.9')).toEqual(['pin', 'vaso de pinta']);
    expect(await tiersIn('en-US,en;q=0.9')).toEqual(['pin', 'pint glass']);

    // The member's progress reads them in the request's language, each kept with its own ETag.
    const holder = await signedInPassHolder(ctx, challenge.id);
    const progressIn = (acceptLanguage: string, etag?: string) =>
      holder.client.request({
        method: 'GET',
        url: '/api/user/progress',
        headers: { 'accept-language': acceptLanguage, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const english = await progressIn('en');
    const spanish = await progressIn('es');
    expect(english.json<MemberProgress>().milestones.map((tier) => tier.reward)).toEqual([
      'pin',
      'pint glass',
    ]);
    expect(spanish.json<MemberProgress>().milestones.map((tier) => tier.reward)).toEqual([
      'pin',
      'vaso de pinta',
    ]);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    expect((await progressIn('es', String(english.headers.etag))).statusCode).toBe(200);
    expect((await progressIn('es', String(spanish.headers.etag))).statusCode).toBe(304);

    // A change without translations keeps them; one with translations replaces them all.
    const kept = await admin.put(`/api/admin/milestones/${glass.id}`, {
      shops: 2,
      reward: 'beer glass',
    });
    expect(kept.json<AdminMilestone>().translations).toEqual({ es: { reward: 'vaso de pinta' } });
    expect(await tiersIn('es')).toEqual(['pin', 'vaso de pinta']);
    const replaced = await admin.put(`/api/admin/milestones/${glass.id}`, {
      shops: 2,
      reward: 'beer glass',
      translations: { es: { reward: '' } },
    });
    expect(replaced.json<AdminMilestone>().translations).toEqual({});
    expect(await tiersIn('es')).toEqual(['pin', 'beer glass']);

    // A language the site does not have is refused, and a translated reward is held to 80 characters.
    for (const [translations, message] of [
      [{ fr: { reward: 'verre' } }, "Choose one of this site's languages: en, es"],
      [{ es: { reward: 'x'.repeat(81) } }, 'A reward can be at most 80 characters.'],
    ] as const) {
      const refused = await admin.post(milestonesUrl(challenge.id), {
        shops: 3,
        reward: 'mug',
        translations,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }
  });

  it('refuses bad input, a second tier at the same shops and an unknown battle, storing nothing', async () => {
    const { challenge } = await startedBattle(3);
    await addMilestone(challenge.id, { shops: 2, reward: 'pin' });
    const cases: [number, Record<string, unknown>, number, string][] = [
      [challenge.id, { reward: 'pin' }, 400, 'Shops must be a whole number from 1 to 1000.'],
      [
        challenge.id,
        { shops: 0, reward: 'pin' },
        400,
        'Shops must be a whole number from 1 to 1000.',
      ],
      [
        challenge.id,
        { shops: 2.5, reward: 'pin' },
        400,
        'Shops must be a whole number from 1 to 1000.',
      ],
      [
        challenge.id,
        { shops: 1, reward: '  ' },
        400,
        'Reward is required (for example a pint glass).',
      ],
      [
        challenge.id,
        { shops: 1, reward: 'pin', stock: 0 },
        400,
        'Stock must be a whole number from 1 to 100000, or left empty for no limit.',
      ],
      [
        challenge.id,
        { shops: 4, reward: 'pin' },
        400,
        'This battle has 3 shops, so a milestone can ask for at most 3.',
      ],
      [
        challenge.id,
        { shops: 2, reward: 'mug' },
        409,
        'This battle already has a milestone at 2 shops.',
      ],
      [999_999, { shops: 1, reward: 'pin' }, 404, 'Challenge not found'],
    ];
    for (const [challengeId, body, status, message] of cases) {
      const answer = await admin.post(milestonesUrl(challengeId), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json()).toMatchObject({ message });
    }
    expect((await admin.get(milestonesUrl(challenge.id))).json<AdminMilestone[]>()).toHaveLength(1);
  });

  it('before the start anything may change or go; once it runs, only the words and stock, never the shops', async () => {
    const now = ctx.clock.now();
    const upcoming = await insertChallenge(ctx.db, now, {
      startDate: new Date(now.getTime() + DAY_MS),
      endDate: new Date(now.getTime() + 3 * DAY_MS),
    });
    for (let i = 0; i < 3; i += 1) await insertBusiness(ctx.db, upcoming.id);
    const tier = await addMilestone(upcoming.id, { shops: 2, reward: 'pin' });
    const edited = await admin.put(`/api/admin/milestones/${tier.id}`, {
      shops: 3,
      reward: 'mug',
      stock: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ shops: 3, reward: 'mug', stock: 4, left: 4 });
    const gone = await addMilestone(upcoming.id, { shops: 1, reward: 'sticker' });
    expect((await admin.delete(`/api/admin/milestones/${gone.id}`)).statusCode).toBe(204);

    ctx.clock.set(new Date(upcoming.startDate.getTime() + 1000));
    const raised = await admin.put(`/api/admin/milestones/${tier.id}`, { shops: 2, reward: 'mug' });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toEqual({
      message:
        'The battle has started, so this milestone stays at 3 shops. Add a new milestone instead.',
    });
    const reworded = await admin.put(`/api/admin/milestones/${tier.id}`, {
      shops: 3,
      reward: 'a mug',
      stock: null,
    });
    expect(reworded.json()).toMatchObject({ shops: 3, reward: 'a mug', stock: null });
    const removed = await admin.delete(`/api/admin/milestones/${tier.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({
      message: 'The battle has started, so its milestones can no longer be removed.',
    });
    // Adding stays open while it runs; nothing after the end.
    await addMilestone(upcoming.id, { shops: 1, reward: 'sticker' });
    ctx.clock.set(new Date(upcoming.endDate.getTime() + 1000));
    const late = await admin.post(milestonesUrl(upcoming.id), { shops: 2, reward: 'pin' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'This battle has ended, so no more milestones can be added to it.',
    });
    ctx.clock.set(new Date(upcoming.endDate.getTime() + 2 * DAY_MS));
  });
});

describe('reaching a milestone with a redeem', () => {
  let challenge: Challenge;
  let shops: Business[];

  beforeAll(async () => {
    ({ challenge, shops } = await startedBattle(4));
    await addMilestone(challenge.id, { shops: 2, reward: 'pint glass' });
    await addMilestone(challenge.id, { shops: 4, reward: 'tote bag', stock: 1 });
  });

  it('issues the reward once, with a pick-up code on the pass, in the answer and by mail', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await redeem(holder.client, holder.pass, shops[0]!);
    expect((await progressOf(holder.client)).milestones).toEqual([
      { shops: 2, reward: 'pint glass', reached: false, collected: false },
      { shops: 4, reward: 'tote bag', reached: false, collected: false },
    ]);

    const message = await redeem(holder.client, holder.pass, shops[1]!);
    const [reward] = await rewardsOfPass(holder.pass.id);
    expect(reward?.pickupCode).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(message).toContain(
      `You reached a milestone: pint glass. Your pick-up code is ${reward!.pickupCode}.`,
    );
    expect((await progressOf(holder.client)).milestones[0]).toEqual({
      shops: 2,
      reward: 'pint glass',
      reached: true,
      pickupCode: reward!.pickupCode,
      collected: false,
    });
    const mails = (
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `${holder.user.username}@example.com`))
    ).filter((mail) => mail.subject.startsWith('You earned'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You earned pint glass in Test Coffee Battle!',
    ]);
    expect(mails[0]?.textBody).toContain(`Your pick-up code is ${reward!.pickupCode}.`);

    // A third shop reaches nothing new: the tier is reached exactly once per pass.
    await redeem(holder.client, holder.pass, shops[2]!);
    expect(await rewardsOfPass(holder.pass.id)).toHaveLength(1);
  });

  it('stock runs out: the next member to get there reaches nothing, and everyone sees none left', async () => {
    const [first, second] = [
      await signedInPassHolder(ctx, challenge.id),
      await signedInPassHolder(ctx, challenge.id),
    ];
    for (const holder of [first, second]) {
      await markRedeemed(
        ctx,
        holder.pass,
        shops.slice(0, 3).map((shop) => shop.id),
      );
      await redeem(holder.client, holder.pass, shops[3]!);
    }
    expect((await progressOf(first.client)).milestones[1]).toMatchObject({ reached: true });
    expect((await progressOf(second.client)).milestones[1]).toEqual({
      shops: 4,
      reward: 'tote bag',
      reached: false,
      collected: false,
    });
    expect((await publicTiers(challenge.id))[1]).toMatchObject({ stock: 1, left: 0 });
  });

  it('says the reached milestone in the request’s language', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await redeem(holder.client, holder.pass, shops[0]!);
    const coupon = await couponOf(ctx, holder.pass, shops[1]!.id);
    const answer = await holder.client.request({
      method: 'POST',
      url: `/api/coupons/${coupon.id}/redeem`,
      payload: { redemptionCode: shops[1]!.redemptionCode },
      headers: { 'accept-language': 'es-US,es;q=0.9' },
    });
    const [reward] = await rewardsOfPass(holder.pass.id);
    expect(answer.json<{ message: string }>().message).toBe(
      `Se canjeó tu cupón de $5 en ${shops[1]!.name}. ¡Ganaste un voto! Alcanzaste una meta: pint glass. Tu código de retiro es ${reward!.pickupCode}.`,
    );
  });
});

describe('stock under a crowd', () => {
  it('30 members reaching a tier of 5 at once get exactly 5 rewards, each pass at most one', async () => {
    const { challenge, shops } = await startedBattle(2);
    const tier = await addMilestone(challenge.id, { shops: 2, reward: 'pint glass', stock: 5 });
    const holders = await Promise.all(
      Array.from({ length: 30 }, () => signedInPassHolder(ctx, challenge.id)),
    );
    for (const holder of holders) await markRedeemed(ctx, holder.pass, [shops[0]!.id]);
    const coupons = await Promise.all(
      holders.map((holder) => couponOf(ctx, holder.pass, shops[1]!.id)),
    );
    const answers = await Promise.all(
      holders.map((holder, i) =>
        holder.client.post(`/api/coupons/${coupons[i]!.id}/redeem`, {
          redemptionCode: shops[1]!.redemptionCode,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(30).fill(200));
    const issued = await ctx.db.select().from(rewards).where(eq(rewards.milestoneId, tier.id));
    expect(issued).toHaveLength(5);
    expect(new Set(issued.map((reward) => reward.passId)).size).toBe(5);
    expect(new Set(issued.map((reward) => reward.pickupCode)).size).toBe(5);
    expect(answers.filter((answer) => answer.body.includes('pick-up code'))).toHaveLength(5);
    expect((await publicTiers(challenge.id))[0]).toMatchObject({ left: 0 });
    const check = await checkData(ctx.db);
    expect(check.checked).toContain(
      'each milestone gave rewards within its stock, to passes of its battle',
    );
    expect(check.problems, JSON.stringify(check.problems)).toEqual([]);
  });
});

describe('collecting, refunds and resets', () => {
  let challenge: Challenge;
  let shops: Business[];

  beforeAll(async () => {
    ({ challenge, shops } = await startedBattle(2));
    await addMilestone(challenge.id, { shops: 1, reward: 'sticker' });
    // Three: one for each of the next three tests' members, so the refund's return shows.
    await addMilestone(challenge.id, { shops: 2, reward: 'pint glass', stock: 3 });
  });

  /** A member who reached both tiers, with their pick-up codes lowest tier first. */
  async function rewardedHolder() {
    const holder = await signedInPassHolder(ctx, challenge.id);
    for (const shop of shops) await redeem(holder.client, holder.pass, shop);
    const codes = (await progressOf(holder.client)).milestones.map((tier) => tier.pickupCode);
    return { ...holder, codes };
  }

  it('collects once: 200, then 409; an unknown code is 404 and a malformed one 400', async () => {
    const holder = await rewardedHolder();
    const [code] = holder.codes;
    const etag = (await holder.client.get('/api/user/progress')).headers.etag as string;

    const first = await admin.post('/api/admin/rewards/collect', {
      pickupCode: code!.toLowerCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminReward>()).toMatchObject({
      pickupCode: code,
      reward: 'sticker',
      username: holder.user.username,
      voidedAt: null,
    });
    expect(first.json<AdminReward>().collectedAt).not.toBeNull();
    const again = await admin.post('/api/admin/rewards/collect', { pickupCode: code });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(
      /^This sticker was already collected on /,
    );

    // The member's pass moves: the kept answer is not served again (docs/decisions/0040).
    const polled = await holder.client.request({
      method: 'GET',
      url: '/api/user/progress',
      headers: { 'if-none-match': etag },
    });
    expect(polled.statusCode).toBe(200);
    expect(polled.json<MemberProgress>().milestones[0]).toMatchObject({ collected: true });

    const unknown = await admin.post('/api/admin/rewards/collect', { pickupCode: 'ZZZZZZ' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: 'No reward has this pick-up code. Check it and try again.' },
    ]);
    const malformed = await admin.post('/api/admin/rewards/collect', { pickupCode: 'O0I1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      message: 'A pick-up code has 6 letters and digits (for example K7QW2M).',
    });
  });

  it('two staff collecting at once: one 200, one 409', async () => {
    const holder = await rewardedHolder();
    const [code] = holder.codes;
    const second = (await signedInAdmin(ctx.app, ctx.db)).client;
    const answers = await Promise.all(
      [admin, second].map((staff) =>
        staff.post('/api/admin/rewards/collect', { pickupCode: code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('finds rewards by pick-up code or member; a member may not', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id, `finder_${Date.now()}`);
    await redeem(holder.client, holder.pass, shops[0]!);
    const [reward] = await rewardsOfPass(holder.pass.id);
    for (const search of [reward!.pickupCode.toLowerCase(), holder.user.username.slice(0, 10)]) {
      const found = await admin.get(`/api/admin/rewards?search=${encodeURIComponent(search)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<AdminReward[]>().map((each) => each.pickupCode)).toContain(
        reward!.pickupCode,
      );
    }
    expect((await admin.get('/api/admin/rewards?search=x')).statusCode).toBe(400);
    expect((await holder.client.get('/api/admin/rewards?search=abc')).statusCode).toBe(403);
  });

  it('a refund voids the uncollected rewards and returns their stock; the collected one stays', async () => {
    const holder = await rewardedHolder();
    const [sticker, glass] = holder.codes;
    expect(glass).toBeDefined();
    expect(
      (await admin.post('/api/admin/rewards/collect', { pickupCode: sticker })).statusCode,
    ).toBe(200);
    expect((await publicTiers(challenge.id))[1]).toMatchObject({ left: 0 });

    await setPassCounted(
      ctx.db,
      holder.pass.id,
      { counted: false, reason: 'Refunded' },
      { now: ctx.clock.now() },
    );
    const kept = await rewardsOfPass(holder.pass.id);
    expect(kept.find((reward) => reward.pickupCode === sticker)?.voidedAt).toBeNull();
    expect(kept.find((reward) => reward.pickupCode === glass)?.voidedAt).not.toBeNull();
    const cancelled = await admin.post('/api/admin/rewards/collect', { pickupCode: glass });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({
      message:
        'This pint glass was cancelled: the pass was refunded or disputed, so it cannot be collected.',
    });
    expect((await publicTiers(challenge.id))[1]).toMatchObject({ left: 1 });

    // The next member to get there takes the returned item.
    const next = await rewardedHolder();
    expect(next.codes[1]).toBeDefined();
  });

  it('a reset of votes changes no reward', async () => {
    const holder = await signedInPassHolder(ctx, challenge.id);
    await redeem(holder.client, holder.pass, shops[0]!);
    const before = await rewardsOfPass(holder.pass.id);
    expect((await holder.client.post('/api/vote', { businessId: shops[0]!.id })).statusCode).toBe(
      200,
    );
    expect((await holder.client.post('/api/reset-votes')).statusCode).toBe(200);
    expect(await rewardsOfPass(holder.pass.id)).toEqual(before);
  });

  it('rewards.csv lists every reward issued, collected and voided, by pass pseudonym', async () => {
    const answer = await admin.get(`/api/admin/challenges/${challenge.id}/rewards.csv`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse<Record<string, string>>(answer.body, { columns: true });
    const stored = await ctx.db.select().from(rewards);
    const ofBattle = rows.map((row) => Number(row.reward_id));
    expect(ofBattle.length).toBeGreaterThan(0);
    for (const row of rows) {
      const reward = stored.find((each) => each.id === Number(row.reward_id))!;
      expect(row.pass).toMatch(/^[0-9a-f]{16}$/);
      expect(row.collected_at).toBe(reward.collectedAt?.toISOString() ?? '');
      expect(row.voided_at).toBe(reward.voidedAt?.toISOString() ?? '');
    }
    expect(rows.some((row) => row.collected_at !== '')).toBe(true);
    expect(rows.some((row) => row.voided_at !== '')).toBe(true);
    expect(answer.body).not.toMatch(/@example\.com/);
    const member = await signedInMember(ctx.app);
    expect(
      (await member.client.get(`/api/admin/challenges/${challenge.id}/rewards.csv`)).statusCode,
    ).toBe(403);
  });
});

// Last: its battle starts latest, so it becomes the one members' passes are read in.
describe('the reward mail in the member’s language', () => {
  it("mails the reward and the battle in the member's language where the organizer wrote them (docs/decisions/0050)", async () => {
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    const {
      challenge: battle,
      shops: [shop],
    } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: {
        startDate: ctx.clock.now(),
        title: 'Taco Battle',
        translations: { es: { title: 'Batalla de Tacos' } },
      },
      shops: 1,
    });
    await addMilestone(battle.id, {
      shops: 1,
      reward: 'a sticker',
      translations: { es: { reward: 'una calcomanía' } },
    });
    const spanish = await signedInPassHolder(ctx, battle.id);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    const english = await signedInPassHolder(ctx, battle.id);
    for (const holder of [spanish, english]) await redeem(holder.client, holder.pass, shop!);
    const subjectsOf = async (username: string) =>
      (
        await ctx.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, `${username}@example.com`))
      ).map((mail) => mail.subject);
    expect(await subjectsOf(spanish.user.username)).toContain(
      '¡Ganaste una calcomanía en Batalla de Tacos!',
    );
    expect(await subjectsOf(english.user.username)).toContain(
      'You earned a sticker in Taco Battle!',
    );
  });

  it("names the reward and the shop in the answer's language at the counter, where the organizer wrote them", async () => {
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    const {
      challenge: battle,
      shops: [shop],
    } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { startDate: ctx.clock.now() },
      shops: 1,
    });
    await ctx.db
      .update(businesses)
      .set({ name: 'Blue Door', translations: { es: { name: 'Puerta Azul' } } })
      .where(eq(businesses.id, shop!.id));
    await addMilestone(battle.id, {
      shops: 1,
      reward: 'a sticker',
      translations: { es: { reward: 'una calcomanía' } },
    });
    const redeemIn = async (acceptLanguage: string) => {
      const holder = await signedInPassHolder(ctx, battle.id);
      const coupon = await couponOf(ctx, holder.pass, shop!.id);
      const answer = await holder.client.request({
        method: 'POST',
        url: `/api/coupons/${coupon.id}/redeem`,
        payload: { redemptionCode: shop!.redemptionCode },
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const [reward] = await rewardsOfPass(holder.pass.id);
      return { message: answer.json<{ message: string }>().message, code: reward!.pickupCode };
    };
    const spanish = await redeemIn('es-US,es;q=0.9');
    expect(spanish.message).toBe(
      `Se canjeó tu cupón de $5 en Puerta Azul. ¡Ganaste un voto! Alcanzaste una meta: una calcomanía. Tu código de retiro es ${spanish.code}.`,
    );
    const english = await redeemIn('en-US');
    expect(english.message).toBe(
      `Your $5 coupon at Blue Door has been redeemed. You earned a vote! You reached a milestone: a sticker. Your pick-up code is ${english.code}.`,
    );
  });
});
