import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAST_ORGANIZER, WRONG_PASSWORD, type MemberExport } from '#shared/member-data.ts';
import { queryRows } from '#server/db/rule-call.ts';
import {
  challenges,
  mailOutbox,
  milestones,
  saleAlerts,
  sessions,
  users,
  type Business,
} from '#server/db/schema.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { deliverMail, mailboxOf } from '#tests/helpers/mail.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  signedInAdmin,
  TestClient,
  useTestApp,
  withTestApp,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let admin: TestClient;
let challengeId: number;
let shops: Business[];
type Holder = Awaited<ReturnType<typeof signedInPassHolder>>;
let leaving: Holder;
let staying: Holder;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A member redeems every shop's coupon and votes once for each. */
async function redeemAndVote(holder: Holder) {
  for (const shop of shops) {
    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const redeem = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const vote = await holder.client.post('/api/vote', { businessId: shop.id });
    expect(vote.statusCode, vote.body).toBe(200);
  }
}

/** What the organizers and the public see of the battle: it must not move when a member leaves. */
async function standings() {
  const leaderboard = await admin.get(`/api/admin/leaderboard?challengeId=${challengeId}`);
  const settlement = await admin.get(`/api/admin/challenges/${challengeId}/settlement`);
  const votesCsv = await admin.get(`/api/admin/challenges/${challengeId}/votes.csv`);
  const publicVotes = await new TestClient(ctx.app).get('/api/votes');
  for (const answer of [leaderboard, settlement, votesCsv, publicVotes])
    expect(answer.statusCode, answer.body).toBe(200);
  return {
    leaderboard: leaderboard.json<unknown>(),
    settlement: settlement.json<unknown>(),
    votesCsvSha256: sha256(votesCsv.body),
    publicVotes: publicVotes.json<unknown>(),
    bodies: [leaderboard.body, settlement.body, votesCsv.body],
  };
}

/** Every row of every table of the database as text, to search for a name or an address. */
async function everyRow(context: Pick<TestContext, 'db'>) {
  const tables = await queryRows<{ name: string }>(
    context.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'`,
  );
  const rows: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const found = await queryRows<{ text: string }>(
      context.db,
      sql`select to_jsonb(t)::text as text from ${sql.identifier(name)} t`,
    );
    rows.push(...found.map((row) => ({ table: name, text: row.text.toLowerCase() })));
  }
  return rows;
}

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  const battle = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { votesPerShop: null },
    shops: 2,
  });
  challengeId = battle.challenge.id;
  shops = battle.shops;
  // A reward at two shops: the leaving member reaches it by redeeming both.
  await ctx.db.insert(milestones).values({ challengeId, shops: 2, reward: 'A pint glass' });
  leaving = await signedInPassHolder(ctx, challengeId);
  staying = await signedInPassHolder(ctx, challengeId);
  await redeemAndVote(leaving);
  await redeemAndVote(staying);
});

const emailOf = (holder: Holder) => `${holder.user.username}@example.com`;

describe('download my data', () => {
  it('holds the member’s account, pass, coupons and votes, as a file', async () => {
    const chosen = await leaving.client.put('/api/user/language', { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    const answer = await leaving.client.get('/api/user/export');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json<MemberExport>();
    expect(data.account).toMatchObject({
      username: leaving.user.username,
      email: emailOf(leaving),
      fullName: 'Test Member',
      isOrganizer: false,
      language: 'es',
    });
    expect(data.mailPreferences).toEqual({ organizerMail: true });
    expect(data.explorer).toEqual({ optIn: false, displayName: null });
    expect(data.passes).toHaveLength(1);
    const [pass] = data.passes;
    expect(pass!.id).toBe(leaving.pass.id);
    expect(pass!.coupons.map((coupon) => [coupon.shop, coupon.redeemed])).toEqual([
      ['Shop 1', true],
      ['Shop 2', true],
    ]);
    expect(pass!.votes.map((vote) => vote.shop)).toEqual(['Shop 1', 'Shop 2']);
    expect(pass!.rewards).toEqual([
      expect.objectContaining({ reward: 'A pint glass', collectedAt: null, voidedAt: null }),
    ]);
    expect(pass!.rewards[0]!.pickupCode).toMatch(/^[A-Z0-9]{6}$/);
    // The welcome email is on record for the address, without its body.
    expect(data.mail.map((mail) => mail.subject)).toContain('Welcome to Local Battles');
    // Nothing of another member, and no secret.
    expect(answer.body).not.toContain(staying.user.username);
    expect(answer.body).not.toMatch(/argon2|password_?hash|mail_?token/i);
  });

  it('is for signed-in members only', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/export')).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const [before] = await ctx.db.select().from(users).where(eq(users.id, leaving.user.id));
    const answer = await leaving.client.post('/api/user/delete', { password: 'not-my-password' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: WRONG_PASSWORD });
    const [after] = await ctx.db.select().from(users).where(eq(users.id, leaving.user.id));
    expect(after).toEqual(before);
    expect((await leaving.client.get('/api/user')).statusCode).toBe(200);
  });

  it('erases the member everywhere while standings, settlement and votes.csv stay', async () => {
    const username = leaving.user.username.toLowerCase();
    const email = emailOf(leaving).toLowerCase();
    // Personal data in every kind of place: a second session, a reset link, a sale alert.
    const otherDevice = new TestClient(ctx.app);
    expect(
      (
        await otherDevice.post('/api/login', {
          username: leaving.user.username,
          password: 'password123',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await new TestClient(ctx.app).post('/api/password-reset/request', {
          email: emailOf(leaving),
        })
      ).statusCode,
    ).toBe(202);
    await ctx.db
      .insert(saleAlerts)
      .values({ challengeId, email: emailOf(leaving), createdAt: ctx.clock.now() });
    const before = await standings();
    expect((await everyRow(ctx)).some((row) => row.text.includes(email))).toBe(true);

    const answer = await leaving.client.post('/api/user/delete', { password: 'password123' });
    expect(answer.statusCode, answer.body).toBe(204);

    // Signed out here and on the other device.
    expect((await leaving.client.get('/api/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/user')).statusCode).toBe(401);
    const left = await ctx.db.select().from(sessions);
    expect(left.filter((row) => JSON.stringify(row.data).includes(`:${leaving.user.id}}`))).toEqual(
      [],
    );

    const after = await standings();
    expect(after.leaderboard).toEqual(before.leaderboard);
    expect(after.settlement).toEqual(before.settlement);
    expect(after.votesCsvSha256).toBe(before.votesCsvSha256);
    expect(after.publicVotes).toEqual(before.publicVotes);
    for (const body of after.bodies) {
      expect(body.toLowerCase()).not.toContain(username);
      expect(body.toLowerCase()).not.toContain(email);
    }

    // The name is nowhere; the address only on the one confirmation waiting to go to it.
    const rows = await everyRow(ctx);
    // (The test's addresses are the username at example.com.)
    expect(rows.filter((row) => row.text.replaceAll(email, '').includes(username))).toEqual([]);
    const withAddress = rows.filter((row) => row.text.includes(email));
    expect(withAddress.map((row) => row.table)).toEqual(['mail_outbox']);
    const queued = await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = ${email}`);
    // In the language the member chose above (docs/decisions/0049-api-and-mail-languages.md).
    expect(queued.map((mail) => mail.subject)).toEqual(['Se eliminó tu cuenta de Local Battles']);

    await deliverMail(ctx.db, () => ctx.clock.now());
    const [confirmation] = await mailboxOf(ctx, emailOf(leaving));
    expect(confirmation?.subject).toBe('Se eliminó tu cuenta de Local Battles');
    expect(confirmation?.text).not.toContain(leaving.user.username);

    // The old name and password no longer sign in.
    expect(
      (
        await new TestClient(ctx.app).post('/api/login', {
          username: leaving.user.username,
          password: 'password123',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the published results and their votes.csv hash after the end', async () => {
    // The battle ended a minute ago.
    const now = ctx.clock.now();
    await ctx.db
      .update(challenges)
      .set({
        startDate: new Date(now.getTime() - 2 * DAY_MS),
        endDate: new Date(now.getTime() - 60_000),
      })
      .where(eq(challenges.id, challengeId));
    const anyone = new TestClient(ctx.app);
    const results = await anyone.get(`/api/challenges/${challengeId}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const votesCsv = await anyone.get(`/api/challenges/${challengeId}/votes.csv`);
    expect(votesCsv.statusCode).toBe(200);

    const answer = await staying.client.post('/api/user/delete', { password: 'password123' });
    expect(answer.statusCode, answer.body).toBe(204);

    expect((await anyone.get(`/api/challenges/${challengeId}/results`)).json()).toEqual(
      results.json(),
    );
    expect(sha256((await anyone.get(`/api/challenges/${challengeId}/votes.csv`)).body)).toBe(
      sha256(votesCsv.body),
    );
  });

  it('refuses the last organizer, and lets one go while another remains', async () => {
    await withTestApp({}, async (context) => {
      const first = await signedInAdmin(context.app, context.db);
      const refused = await first.client.post('/api/user/delete', { password: 'adminpass1' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: LAST_ORGANIZER });
      expect((await first.client.get('/api/user')).statusCode).toBe(200);

      await signedInAdmin(context.app, context.db);
      const deleted = await first.client.post('/api/user/delete', { password: 'adminpass1' });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const organizers = await context.db.select().from(users).where(eq(users.isAdmin, true));
      expect(organizers).toHaveLength(1);
    });
  });
});
