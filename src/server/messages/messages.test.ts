import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  businesses,
  challenges,
  mailOutbox,
  passes,
  saleAlerts,
  users,
  votes,
  type Challenge,
} from '#server/db/schema.ts';
import { claimDueMail, enqueueMail, MailOutboxWorker } from '#server/mail/outbox.ts';
import { createSandboxMailTransport } from '#server/mail/transport.ts';
import { SALE_ALERT_CONFIRMATION, type AudienceCounts } from '#shared/messages.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { deliverMail, mailboxOf } from '#tests/helpers/mail.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  signedInAdmin,
  SECOND_APP_TIMEOUT_MS,
  signedInMember,
  TEST_JOB_OPTIONS,
  testJobDeps,
  TEST_ORIGIN,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { leftoversPhrase, timeLeftPhrase } from '../mail/templates.ts';
import { queueReminders, queueSaleAlerts } from './jobs.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';

const TEST_MAIL = TEST_JOB_OPTIONS.mail;
const ctx = useTestApp();
let organizer: TestClient;

beforeAll(async () => {
  organizer = (await signedInAdmin(ctx.app, ctx.db)).client;
});

const emailOf = async (userId: number) =>
  (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

const tokenOf = async (userId: number) =>
  (await ctx.db.select({ token: users.mailToken }).from(users).where(eq(users.id, userId)))[0]!
    .token;

/** The outbox rows of one organizer message, by address. */
const recipientsOf = async (messageId: number) =>
  (
    await ctx.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.messageId, messageId))
  )
    .map((row) => row.to)
    .sort();

/** What a mail provider sends (RFC 8058): no cookie, no Origin, a form body. */
const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/email/unsubscribe?token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

/**
 * A battle with three live shops and one deleted after the passes were sold, and a real mix of
 * members: each audience holds a different set.
 */
async function battleWithMembers() {
  const { challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { title: 'Message Battle' },
    shops: 4,
  });
  const gone = shops.pop()!;
  const live = shops.map((shop) => shop.id);
  const fresh = await signedInPassHolder(ctx, challenge.id); // nothing redeemed
  const started = await signedInPassHolder(ctx, challenge.id); // 1 redeemed, vote unspent
  await markRedeemed(ctx, started.pass, [live[0]!]);
  const done = await signedInPassHolder(ctx, challenge.id); // all live redeemed, all votes cast
  await markRedeemed(ctx, done.pass, live);
  await ctx.db
    .insert(votes)
    .values(live.map((businessId) => ({ passId: done.pass.id, businessId })));
  const unvoted = await signedInPassHolder(ctx, challenge.id); // all live redeemed, no votes
  await markRedeemed(ctx, unvoted.pass, live);
  const switchedOff = await signedInPassHolder(ctx, challenge.id);
  await ctx.db.update(passes).set({ active: false }).where(eq(passes.id, switchedOff.pass.id));
  const unsubscribed = await signedInPassHolder(ctx, challenge.id);
  await ctx.db
    .update(users)
    .set({ organizerMail: false })
    .where(eq(users.id, unsubscribed.user.id));
  const other = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
  await signedInPassHolder(ctx, other.id);
  await signedInMember(ctx.app); // no pass at all
  await ctx.db
    .update(businesses)
    .set({ deletedAt: ctx.clock.now() })
    .where(eq(businesses.id, gone.id));
  return { challenge, fresh, started, done, unvoted, switchedOff, unsubscribed };
}

describe('organizer messages', () => {
  it('are for organizers only: 401 signed out, 403 for a member, nothing queued', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    await signedInPassHolder(ctx, challenge.id);
    const url = `/api/admin/challenges/${challenge.id}/messages`;
    const body = { subject: 'Hi', text: 'Hello', audience: 'all' };
    const bulk = () => ctx.db.$count(mailOutbox, eq(mailOutbox.bulk, true));
    const before = await bulk();
    const signedOut = new TestClient(ctx.app);
    expect((await signedOut.post(url, body)).statusCode).toBe(401);
    expect((await signedOut.get(url)).statusCode).toBe(401);
    expect((await signedOut.get(`${url}/audiences`)).statusCode).toBe(401);
    const { client: member } = await signedInMember(ctx.app);
    const refused = await member.post(url, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only organizers can do that.' });
    expect((await member.get(url)).statusCode).toBe(403);
    expect(await bulk()).toBe(before);
  });

  it('reach each audience among active, subscribed holders, and count them before sending', async () => {
    const { challenge, fresh, started, done, unvoted } = await battleWithMembers();
    const base = `/api/admin/challenges/${challenge.id}/messages`;
    const counts = await organizer.get(`${base}/audiences`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json<AudienceCounts>()).toEqual({
      all: 4,
      'no-redemptions': 1,
      'unused-coupons': 2,
      'unused-votes': 2,
    });
    const expected = {
      all: [fresh, started, done, unvoted],
      'no-redemptions': [fresh],
      'unused-coupons': [fresh, started],
      'unused-votes': [started, unvoted],
    } as const;
    for (const [audience, members] of Object.entries(expected)) {
      const sent = await organizer.post(base, {
        subject: `For ${audience}`,
        text: 'See https://example.com/menu for the menu.',
        audience,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      const { id, recipients } = sent.json<{ id: number; recipients: number }>();
      expect(recipients).toBe(members.length);
      const addresses = await Promise.all(members.map((member) => emailOf(member.user.id)));
      expect(await recipientsOf(id)).toEqual(addresses.sort());
    }
  });

  it('carry the unsubscribe headers and link, the organizer text with its links clickable', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Header Battle' });
    const holder = await signedInPassHolder(ctx, challenge.id);
    const sent = await organizer.post(`/api/admin/challenges/${challenge.id}/messages`, {
      subject: 'Double stamps Saturday',
      text: 'Bring a friend <b>now</b>: https://example.com/events',
      audience: 'all',
    });
    expect(sent.statusCode).toBe(202);
    await deliverMail(ctx.db, ctx.clock.now);
    const [mail] = await mailboxOf(ctx, await emailOf(holder.user.id));
    const token = await tokenOf(holder.user.id);
    const link = `http://localhost/api/email/unsubscribe?token=${token}`;
    expect(mail?.subject).toBe('Double stamps Saturday');
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail?.links).toContain(link);
    expect(mail?.text).toContain('Bring a friend <b>now</b>: https://example.com/events');
    expect(mail?.html).toContain('Bring a friend &lt;b&gt;now&lt;/b&gt;');
    expect(mail?.html).toContain('<a href="https://example.com/events">');
    expect(mail?.html).toContain(`<a href="${link}">`);
  });

  it('list the messages sent, newest first, with delivered and failed counts', async () => {
    const { challenge } = await battleWithMembers();
    const base = `/api/admin/challenges/${challenge.id}/messages`;
    await organizer.post(base, { subject: 'First', text: 'One', audience: 'all' });
    ctx.clock.advance(60_000);
    await organizer.post(base, { subject: 'Second', text: 'Two', audience: 'no-redemptions' });
    await deliverMail(ctx.db, ctx.clock.now);
    const history = await organizer.get(base);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({
        subject: 'Second',
        audience: 'no-redemptions',
        recipients: 1,
        delivered: 1,
        failed: 0,
      }),
      expect.objectContaining({ subject: 'First', audience: 'all', recipients: 4, delivered: 4 }),
    ]);
  });

  it('refuse bad input with a clear message and queue nothing', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    await signedInPassHolder(ctx, challenge.id);
    const url = `/api/admin/challenges/${challenge.id}/messages`;
    const before = await ctx.db.$count(mailOutbox);
    for (const [body, message] of [
      [{ subject: ' ', text: 'x', audience: 'all' }, 'Subject is required'],
      [
        { subject: 'a\r\nBcc: x@example.com', text: 'x', audience: 'all' },
        'Subject must be one line',
      ],
      [{ subject: 'a', text: '', audience: 'all' }, 'Message is required'],
      [{ subject: 'a', text: 'x', audience: 'everyone' }, 'Choose who gets the message'],
    ] as const) {
      const response = await organizer.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const missing = await organizer.post('/api/admin/challenges/999999/messages', {
      subject: 'a',
      text: 'x',
      audience: 'all',
    });
    expect(missing.statusCode).toBe(404);
    expect(await ctx.db.$count(mailOutbox)).toBe(before);
  });
});

describe('organizer messages per language (docs/decisions/0050)', () => {
  /** A battle written in English with a Spanish title, and holders of each language. */
  async function bilingualBattle() {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Coffee Battle' });
    await ctx.db
      .update(challenges)
      .set({ translations: { es: { title: 'Batalla del Café' } } })
      .where(eq(challenges.id, challenge.id));
    const spanish = await signedInPassHolder(ctx, challenge.id);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    const english = await signedInPassHolder(ctx, challenge.id);
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, english.user.id));
    const unchosen = await signedInPassHolder(ctx, challenge.id); // no saved language
    return { challenge, spanish, english, unchosen };
  }
  const newestTo = async (userId: number) => {
    await deliverMail(ctx.db, ctx.clock.now);
    return (await mailboxOf(ctx, await emailOf(userId)))[0]!;
  };

  it("give each member the text written in their language, the others the battle's main one", async () => {
    const { challenge, spanish, english, unchosen } = await bilingualBattle();
    const sent = await organizer.post(`/api/admin/challenges/${challenge.id}/messages`, {
      subject: 'Double stamps Saturday',
      text: 'Bring a friend.',
      audience: 'all',
      translations: { es: { subject: 'Sellos dobles el sábado', text: 'Trae a un amigo.' } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ recipients: 3 });
    const toSpanish = await newestTo(spanish.user.id);
    expect(toSpanish.subject).toBe('Sellos dobles el sábado');
    expect(toSpanish.text).toContain('Trae a un amigo.');
    expect(toSpanish.text).not.toContain('Bring a friend.');
    expect(toSpanish.text).toContain(
      'Recibes esto porque tienes el pase de batalla de Batalla del Café.',
    );
    for (const member of [english, unchosen]) {
      const mail = await newestTo(member.user.id);
      expect(mail.subject).toBe('Double stamps Saturday');
      expect(mail.text).toContain('Bring a friend.');
      expect(mail.text).toContain('You get this as a holder of the Coffee Battle Battle Pass.');
    }
  });

  it('send a message written once to all, and a missing translated field reads as the main one', async () => {
    const { challenge, spanish } = await bilingualBattle();
    const base = `/api/admin/challenges/${challenge.id}/messages`;
    await organizer.post(base, { subject: 'Once for all', text: 'Same words.', audience: 'all' });
    const once = await newestTo(spanish.user.id);
    expect([once.subject, once.text.includes('Same words.')]).toEqual(['Once for all', true]);
    ctx.clock.advance(60_000);
    await organizer.post(base, {
      subject: 'Subject in English',
      text: 'Text in English.',
      audience: 'all',
      translations: { es: { subject: '', text: 'Texto en español.' } },
    });
    const mixed = await newestTo(spanish.user.id);
    expect(mixed.subject).toBe('Subject in English');
    expect(mixed.text).toContain('Texto en español.');
  });

  it("sends the test in the organizer's own language", async () => {
    const { challenge } = await bilingualBattle();
    const { client, user } = await signedInAdmin(ctx.app, ctx.db);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, user.id));
    const sent = await client.post(`/api/admin/challenges/${challenge.id}/messages/test`, {
      subject: 'Double stamps',
      text: 'Bring a friend.',
      translations: { es: { subject: 'Sellos dobles', text: 'Trae a un amigo.' } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await newestTo(user.id);
    expect(mail.subject).toBe('[Test] Sellos dobles');
    expect(mail.text).toContain('Trae a un amigo.');
  });

  it('refuses a language the site does not have, or a two-line translated subject, and queues nothing', async () => {
    const { challenge } = await bilingualBattle();
    const before = await ctx.db.$count(mailOutbox);
    const url = `/api/admin/challenges/${challenge.id}/messages`;
    const unknown = await organizer.post(url, {
      subject: 'a',
      text: 'x',
      audience: 'all',
      translations: { fr: { text: 'Bonjour' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Choose one of this site's languages: en, es");
    const twoLines = await organizer.post(url, {
      subject: 'a',
      text: 'x',
      audience: 'all',
      translations: { es: { subject: 'a\r\nBcc: x@example.com' } },
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toBe('Subject must be one line');
    expect(await ctx.db.$count(mailOutbox)).toBe(before);
  });
});

describe("'Send a test to me'", () => {
  const testUrl = (challengeId: number) => `/api/admin/challenges/${challengeId}/messages/test`;

  it('is for organizers only: 401 signed out, 403 for a member, nothing queued', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const body = { subject: 'Hi', text: 'Hello' };
    expect((await new TestClient(ctx.app).post(testUrl(challenge.id), body)).statusCode).toBe(401);
    const { client: member } = await signedInMember(ctx.app);
    expect((await member.post(testUrl(challenge.id), body)).statusCode).toBe(403);
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.subject, '[Test] Hi'))).toBe(0);
  });

  it("goes to the organizer's own address only, as members read it, and is not a message sent", async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Test Battle' });
    const holder = await signedInPassHolder(ctx, challenge.id);
    const { client, user } = await signedInAdmin(ctx.app, ctx.db);
    const own = await emailOf(user.id);
    // An address in the body is no way to mail someone else: the contract has no such field.
    const sent = await client.post(testUrl(challenge.id), {
      subject: 'Double stamps',
      text: 'Bring a friend: https://example.com/events',
      audience: 'all',
      to: 'stranger@example.com',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ to: own });
    const queued = await ctx.db
      .select({ to: mailOutbox.toAddress, bulk: mailOutbox.bulk })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, '[Test] Double stamps'));
    expect(queued).toEqual([{ to: own, bulk: false }]);
    await deliverMail(ctx.db, ctx.clock.now);
    const [mail] = await mailboxOf(ctx, own);
    expect(mail?.subject).toBe('[Test] Double stamps');
    expect(mail?.text).toContain('Bring a friend: https://example.com/events');
    expect(mail?.text).toContain('You get this as a holder of the Test Battle Battle Pass.');
    expect(mail?.links).toContain(
      `http://localhost/api/email/unsubscribe?token=${await tokenOf(user.id)}`,
    );
    const holderMail = await mailboxOf(ctx, await emailOf(holder.user.id));
    expect(holderMail.filter((one) => one.subject.includes('Double stamps'))).toEqual([]);
    expect(await mailboxOf(ctx, 'stranger@example.com')).toEqual([]);
    expect((await client.get(`/api/admin/challenges/${challenge.id}/messages`)).json()).toEqual([]);
  });

  it('checks the message like a real one, and 404s for an unknown challenge', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const before = await ctx.db.$count(mailOutbox);
    const empty = await organizer.post(testUrl(challenge.id), { subject: 'a', text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Message is required');
    const split = await organizer.post(testUrl(challenge.id), { subject: 'a\nBcc: x', text: 'x' });
    expect(split.json().message).toBe('Subject must be one line');
    const missing = await organizer.post(testUrl(999999), { subject: 'a', text: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(await ctx.db.$count(mailOutbox)).toBe(before);
  });

  it('is rate-limited per organizer: 10 in 15 minutes, then 429 with Retry-After', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const { client, user } = await signedInAdmin(ctx.app, ctx.db);
    const body = { subject: 'Limit', text: 'Check' };
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await client.post(testUrl(challenge.id), body)).statusCode).toBe(202);
    const refused = await client.post(testUrl(challenge.id), body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts/);
    const own = await emailOf(user.id);
    expect(
      await ctx.db.$count(
        mailOutbox,
        and(eq(mailOutbox.toAddress, own), eq(mailOutbox.subject, '[Test] Limit')),
      ),
    ).toBe(10);
    // Another organizer has an allowance of their own.
    expect((await organizer.post(testUrl(challenge.id), body)).statusCode).toBe(202);
  });
});

describe('one-click unsubscribe', () => {
  it('stops organizer mail with no session and no Origin, and never account mail', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const holder = await signedInPassHolder(ctx, challenge.id);
    const token = await tokenOf(holder.user.id);
    const email = await emailOf(holder.user.id);

    const confirm = await ctx.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${token}`,
    });
    // The link opens the site's own page, which asks before anything changes.
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/email/unsubscribe?token=${token}`);
    const [still] = await ctx.db
      .select({ on: users.organizerMail })
      .from(users)
      .where(eq(users.id, holder.user.id));
    expect(still?.on).toBe(true);

    expect((await oneClick(token, 'something=else')).statusCode).toBe(400);
    const done = await oneClick(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await holder.client.get('/api/profile/mail-preferences')).json()).toEqual({
      organizerMail: false,
    });

    const sent = await organizer.post(`/api/admin/challenges/${challenge.id}/messages`, {
      subject: 'Not for them',
      text: 'x',
      audience: 'all',
    });
    expect(sent.json().recipients).toBe(0);
    const reset = await new TestClient(ctx.app).post('/api/password-reset/request', { email });
    expect(reset.statusCode).toBe(202);
    await deliverMail(ctx.db, ctx.clock.now);
    const subjects = (await mailboxOf(ctx, email)).map((mail) => mail.subject);
    expect(subjects).toContain('Reset your Local Battles password');
    expect(subjects).not.toContain('Not for them');
  });

  it("answers a person's browser with the site's page, and 'Resubscribe' undoes it", async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const holder = await signedInPassHolder(ctx, challenge.id);
    const token = await tokenOf(holder.user.id);
    const preference = async () =>
      (await holder.client.get('/api/profile/mail-preferences')).json<{ organizerMail: boolean }>()
        .organizerMail;
    const form = (path: string, body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${path}?token=${token}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost',
          'sec-fetch-mode': 'navigate',
          accept: 'text/html',
        },
        payload: body,
      });

    const off = await form('/api/email/unsubscribe', 'List-Unsubscribe=One-Click');
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe(`/email/unsubscribe?token=${token}&done=unsubscribed`);
    expect(await preference()).toBe(false);

    const on = await form('/api/email/resubscribe', '');
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe(`/email/unsubscribe?token=${token}&done=resubscribed`);
    expect(await preference()).toBe(true);

    // The form is sent from a no-referrer page (Origin: null): the token is the only key.
    const nullOrigin = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/resubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: '',
    });
    expect(nullOrigin.statusCode).toBe(200);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${'0'.repeat(64)}`,
    });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/email/unsubscribe?done=unknown');
  });

  it('reads forms only there: a form body elsewhere is refused', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/challenges/1/sale-alerts',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      payload: 'email=fan%40example.com',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a malformed or unknown token and changes nothing', async () => {
    const unsubscribed = () => ctx.db.$count(users, eq(users.organizerMail, false));
    const before = await unsubscribed();
    expect((await oneClick('not-a-token')).statusCode).toBe(400);
    const unknown = await oneClick('0'.repeat(64));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Link not recognised');
    expect(await unsubscribed()).toBe(before);
  });

  it('is also the /profile switch: off and on again', async () => {
    const { client } = await signedInMember(ctx.app);
    expect((await client.get('/api/profile/mail-preferences')).json()).toEqual({
      organizerMail: true,
    });
    const off = await client.request({
      method: 'PUT',
      url: '/api/profile/mail-preferences',
      payload: { organizerMail: false },
    });
    expect(off.json()).toEqual({ organizerMail: false });
    const bad = await client.request({
      method: 'PUT',
      url: '/api/profile/mail-preferences',
      payload: { organizerMail: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('organizerMail must be true or false');
    const on = await client.request({
      method: 'PUT',
      url: '/api/profile/mail-preferences',
      payload: { organizerMail: true },
    });
    expect(on.json()).toEqual({ organizerMail: true });
    expect((await new TestClient(ctx.app).get('/api/profile/mail-preferences')).statusCode).toBe(
      401,
    );
  });
});

describe('sending pace', () => {
  it('sends account mail before organizer mail that was queued earlier', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    await signedInPassHolder(ctx, challenge.id);
    await signedInPassHolder(ctx, challenge.id);
    await deliverMail(ctx.db, ctx.clock.now);
    await organizer.post(`/api/admin/challenges/${challenge.id}/messages`, {
      subject: 'Bulk',
      text: 'x',
      audience: 'all',
    });
    await enqueueMail(
      ctx.db,
      { to: 'account@example.com', subject: 'Receipt', text: 'x', html: 'x' },
      ctx.clock.now(),
    );
    const [first] = await claimDueMail(ctx.db, ctx.clock.now(), 1);
    expect(first?.subject).toBe('Receipt');
    await deliverMail(ctx.db, () => new Date(ctx.clock.now().getTime() + 120_000));
  });

  it('sends at most MAIL_RATE_PER_SECOND a second', async () => {
    await deliverMail(ctx.db, () => new Date(ctx.clock.now().getTime() + 120_000));
    const to = `paced-${Date.now()}@example.com`;
    for (let index = 0; index < 9; index += 1)
      await enqueueMail(
        ctx.db,
        { to, subject: `n${index}`, text: 'x', html: 'x' },
        ctx.clock.now(),
      );
    const sentAt: number[] = [];
    const sandbox = createSandboxMailTransport(ctx.db);
    const worker = new MailOutboxWorker(
      ctx.db,
      {
        ...sandbox,
        send: async (mail, now) => {
          sentAt.push(Date.now());
          await sandbox.send(mail, now);
        },
      },
      ctx.clock.now,
      { warn: () => {} },
      50,
      4,
    );
    worker.start();
    await expect.poll(() => sentAt.length, { timeout: 10_000, interval: 50 }).toBe(9);
    await worker.stop();
    // Any four consecutive sends after the first four started a second later: 4 a second.
    for (let index = 4; index < sentAt.length; index += 1)
      expect(sentAt[index]! - sentAt[index - 4]!).toBeGreaterThanOrEqual(950);
  });
});

describe('reminders before the end', () => {
  async function endingBattle(overrides: Partial<Challenge> = {}) {
    const now = ctx.clock.now();
    const { challenge, shops } = await insertRunningBattle(ctx.db, now, {
      challenge: {
        title: 'Ending Battle',
        startDate: new Date(now.getTime() - 10 * DAY_MS),
        endDate: new Date(now.getTime() + 3 * DAY_MS),
        ...overrides,
      },
      shops: 3,
    });
    return { challenge, shops: shops.map((shop) => shop.id) };
  }

  it('names what is left, once per pass, only to holders with something left', async () => {
    const { challenge, shops } = await endingBattle();
    const partway = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, partway.pass, [shops[0]!]);
    const finished = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, finished.pass, shops);
    await ctx.db
      .insert(votes)
      .values(shops.map((businessId) => ({ passId: finished.pass.id, businessId })));
    const quiet = await signedInPassHolder(ctx, challenge.id);
    await ctx.db.update(users).set({ organizerMail: false }).where(eq(users.id, quiet.user.id));

    expect(await queueReminders(ctx.db, TEST_MAIL, ctx.clock.now())).toBe(1);
    expect(await queueReminders(ctx.db, TEST_MAIL, ctx.clock.now())).toBe(0);
    await deliverMail(ctx.db, ctx.clock.now);
    const [reminder] = await mailboxOf(ctx, await emailOf(partway.user.id));
    expect(reminder?.subject).toBe('Ending Battle: 3 days left: 2 coupons and 1 vote waiting');
    expect(reminder?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const reminders = async (userId: number) =>
      (await mailboxOf(ctx, await emailOf(userId))).filter((mail) =>
        mail.subject.startsWith('Ending Battle'),
      );
    expect(await reminders(finished.user.id)).toEqual([]);
    expect(await reminders(quiet.user.id)).toEqual([]);
  });

  it("names the battle in the member's language where the organizer wrote its title (docs/decisions/0050)", async () => {
    const { challenge } = await endingBattle({
      title: 'Ending Battle',
      translations: { es: { title: 'Batalla que termina' } },
    });
    const spanish = await signedInPassHolder(ctx, challenge.id);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    const english = await signedInPassHolder(ctx, challenge.id);

    expect(await queueReminders(ctx.db, TEST_MAIL, ctx.clock.now())).toBe(2);
    await deliverMail(ctx.db, ctx.clock.now);
    const [inSpanish] = await mailboxOf(ctx, await emailOf(spanish.user.id));
    expect(inSpanish?.subject).toBe('Batalla que termina: Quedan 3 días: 3 cupones por usar');
    expect(inSpanish?.text).not.toContain('Ending Battle');
    const [inEnglish] = await mailboxOf(ctx, await emailOf(english.user.id));
    expect(inEnglish?.subject).toBe('Ending Battle: 3 days left: 3 coupons waiting');
  });

  it("counts only the coupons of live shops: a deleted shop's coupon is nothing left", async () => {
    const { challenge, shops } = await endingBattle();
    const [first, second, gone] = shops as [number, number, number];
    const oneLeft = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, oneLeft.pass, [first]);
    await ctx.db.insert(votes).values({ passId: oneLeft.pass.id, businessId: first });
    const noneLeft = await signedInPassHolder(ctx, challenge.id);
    await markRedeemed(ctx, noneLeft.pass, [first, second]);
    await ctx.db.insert(votes).values([
      { passId: noneLeft.pass.id, businessId: first },
      { passId: noneLeft.pass.id, businessId: second },
    ]);
    await ctx.db
      .update(businesses)
      .set({ deletedAt: ctx.clock.now() })
      .where(eq(businesses.id, gone));

    expect(await queueReminders(ctx.db, TEST_MAIL, ctx.clock.now())).toBe(1);
    await deliverMail(ctx.db, ctx.clock.now);
    const [reminder] = await mailboxOf(ctx, await emailOf(oneLeft.user.id));
    expect(reminder?.subject).toBe('Ending Battle: 3 days left: 1 coupon waiting');
    const toNoneLeft = await mailboxOf(ctx, await emailOf(noneLeft.user.id));
    expect(toNoneLeft.filter((mail) => mail.subject.startsWith('Ending Battle'))).toEqual([]);
  });

  it("states when the battle ends on the clock of the challenge's time zone", async () => {
    // 05:30 UTC on March 1 is still the evening of February 28 in Chicago.
    const { challenge } = await endingBattle({
      title: 'Zoned Battle',
      timeZone: 'America/Chicago',
      startDate: new Date('2040-02-01T06:00:00.000Z'),
      endDate: new Date('2040-03-01T05:30:00.000Z'),
      reminderHoursBeforeEnd: 72,
    });
    const holder = await signedInPassHolder(ctx, challenge.id);
    const twoDaysBefore = new Date('2040-02-27T05:30:00.000Z');
    expect(await queueReminders(ctx.db, TEST_MAIL, twoDaysBefore)).toBe(1);
    await deliverMail(ctx.db, () => twoDaysBefore);
    const [reminder] = await mailboxOf(ctx, await emailOf(holder.user.id));
    expect(reminder?.text).toContain(
      'The Zoned Battle ends on February 29, 2040 at 11:30 PM CST: redeem your coupons',
    );
  });

  it('waits for its hour on the app clock, and 0 turns it off', async () => {
    const { challenge } = await endingBattle({
      endDate: new Date(ctx.clock.now().getTime() + 5 * DAY_MS),
      reminderHoursBeforeEnd: 72,
    });
    const holder = await signedInPassHolder(ctx, challenge.id);
    const off = await endingBattle({ reminderHoursBeforeEnd: 0 });
    const offHolder = await signedInPassHolder(ctx, off.challenge.id);
    const mine = async () =>
      ctx.db.$count(
        mailOutbox,
        and(
          eq(mailOutbox.bulk, true),
          inArray(mailOutbox.toAddress, [
            await emailOf(holder.user.id),
            await emailOf(offHolder.user.id),
          ]),
        ),
      );
    await queueReminders(ctx.db, TEST_MAIL, ctx.clock.now());
    expect(await mine()).toBe(0);
    const later = new Date(ctx.clock.now().getTime() + 2 * DAY_MS + 60_000);
    await queueReminders(ctx.db, TEST_MAIL, later);
    expect(await mine()).toBe(1);
  });
});

describe('the reminder wording', () => {
  it('says how long is left and what waits, with correct plurals', () => {
    expect(timeLeftPhrase(3 * DAY_MS)).toBe('3 days left');
    expect(timeLeftPhrase(30 * 3_600_000)).toBe('1 day left');
    expect(timeLeftPhrase(5 * 3_600_000)).toBe('5 hours left');
    expect(timeLeftPhrase(20 * 60_000)).toBe('1 hour left');
    expect(leftoversPhrase(4, 2)).toBe('4 coupons and 2 votes waiting');
    expect(leftoversPhrase(1, 0)).toBe('1 coupon waiting');
    expect(leftoversPhrase(0, 1)).toBe('1 vote waiting');
  });
});

describe('the pass-reminders job on the server clock', () => {
  it(
    'runs when the test clock is moved into the window (POST /api/testing/clock)',
    async () => {
      await withTestApp({ testClockEnabled: true }, async (movable) => {
        const now = movable.clock.now();
        const challenge = await insertChallenge(movable.db, now, {
          title: 'Clock Battle',
          endDate: new Date(now.getTime() + 5 * DAY_MS),
        });
        await insertBusiness(movable.db, challenge.id);
        const holder = await signedInPassHolder(movable, challenge.id);
        const job = periodicJobs(movable.db, testJobDeps(movable)).find(
          (each) => each.name === 'pass-reminders',
        )!;
        const scheduler = new Scheduler(movable.db, [job], movable.clock.now, { warn: () => {} });
        const reminders = () =>
          movable.db.$count(
            mailOutbox,
            eq(mailOutbox.subject, 'Clock Battle: 3 days left: 1 coupon waiting'),
          );
        expect(await scheduler.tick(job)).toBe(true);
        expect(await reminders()).toBe(0);
        const moved = await movable.app.inject({
          method: 'POST',
          url: '/api/testing/clock',
          headers: { origin: TEST_ORIGIN },
          payload: { offsetMs: 2 * DAY_MS },
        });
        expect(moved.statusCode).toBe(200);
        // The claim runs on the database's clock: let this tick claim at once.
        await movable.db.execute(
          sql`update scheduled_jobs set last_run_at = now() - interval '1 hour' where name = 'pass-reminders'`,
        );
        expect(await scheduler.tick(job)).toBe(true);
        expect(await reminders()).toBe(1);
        expect(holder.pass.id).toBeGreaterThan(0);
      });
    },
    SECOND_APP_TIMEOUT_MS,
  );
});

describe("'Tell me when passes go on sale'", () => {
  it('keeps one alert per address and sends it once when passes go on sale', async () => {
    const now = ctx.clock.now();
    const challenge = await insertChallenge(ctx.db, now, {
      title: 'Upcoming Battle',
      startDate: new Date(now.getTime() + DAY_MS),
      endDate: new Date(now.getTime() + 20 * DAY_MS),
    });
    const visitor = new TestClient(ctx.app);
    const url = `/api/challenges/${challenge.id}/sale-alerts`;
    const first = await visitor.post(url, { email: 'Fan@Example.com' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: SALE_ALERT_CONFIRMATION });
    expect((await visitor.post(url, { email: 'fan@example.com' })).json()).toEqual({
      message: SALE_ALERT_CONFIRMATION,
    });
    const bad = await visitor.post(url, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    expect(await ctx.db.$count(saleAlerts, eq(saleAlerts.challengeId, challenge.id))).toBe(1);

    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, now)).toBe(0);
    const started = new Date(now.getTime() + DAY_MS + 1000);
    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, started)).toBe(1);
    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, started)).toBe(0);
    await deliverMail(ctx.db, () => started);
    const [alert] = await mailboxOf(ctx, 'Fan@Example.com');
    expect(alert?.subject).toBe('Upcoming Battle passes are on sale');
    expect(alert?.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost\/api\/email\/unsubscribe\?token=[0-9a-f]{64}>$/,
    );
    expect(alert?.links.some((link) => link.includes('/api/email/unsubscribe?token='))).toBe(true);
  });

  it('is sent in the language of the page it was asked on (docs/decisions/0049)', async () => {
    const now = ctx.clock.now();
    const challenge = await insertChallenge(ctx.db, now, {
      title: 'Coffee Battle',
      translations: { es: { title: 'Batalla del Café' } },
      startDate: new Date(now.getTime() + DAY_MS),
      endDate: new Date(now.getTime() + 20 * DAY_MS),
    });
    const url = `/api/challenges/${challenge.id}/sale-alerts`;
    const askIn = (acceptLanguage: string, email: string) =>
      new TestClient(ctx.app).request({
        method: 'POST',
        url,
        payload: { email },
        headers: { 'accept-language': acceptLanguage },
      });
    expect((await askIn('es-US,es;q=0.9', 'fan-es@example.com')).statusCode).toBe(202);
    expect((await askIn('en-US,en;q=0.9', 'fan-en@example.com')).statusCode).toBe(202);

    const started = new Date(now.getTime() + DAY_MS + 1000);
    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, started)).toBe(2);
    await deliverMail(ctx.db, () => started);
    const [spanish] = await mailboxOf(ctx, 'fan-es@example.com');
    expect(spanish?.subject).toBe('Los pases de Batalla del Café ya están a la venta');
    expect(spanish?.text).toContain(
      'Batalla del Café ya empezó y sus pases de batalla están a la venta.',
    );
    // Its links lead to the Spanish pages.
    expect(spanish?.links.some((link) => link.endsWith('/es/checkout'))).toBe(true);
    const [english] = await mailboxOf(ctx, 'fan-en@example.com');
    expect(english?.subject).toBe('Coffee Battle passes are on sale');
  });

  it('is refused once passes are on sale, and an unsubscribed alert is never sent', async () => {
    const now = ctx.clock.now();
    const running = await insertChallenge(ctx.db, now, { title: 'Running Battle' });
    const refused = await new TestClient(ctx.app).post(
      `/api/challenges/${running.id}/sale-alerts`,
      {
        email: 'late@example.com',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Running Battle passes are already on sale.');

    const upcoming = await insertChallenge(ctx.db, now, {
      startDate: new Date(now.getTime() + DAY_MS),
      endDate: new Date(now.getTime() + 20 * DAY_MS),
    });
    await new TestClient(ctx.app).post(`/api/challenges/${upcoming.id}/sale-alerts`, {
      email: 'changed-mind@example.com',
    });
    const [row] = await ctx.db
      .select()
      .from(saleAlerts)
      .where(and(eq(saleAlerts.challengeId, upcoming.id)));
    expect((await oneClick(row!.token)).statusCode).toBe(200);
    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, new Date(now.getTime() + DAY_MS + 1000))).toBe(
      0,
    );
    // 'Resubscribe' from the same link: the alert waits for the start again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/resubscribe?token=${row!.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      payload: '',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You are subscribed again');
    expect(await queueSaleAlerts(ctx.db, TEST_MAIL, new Date(now.getTime() + DAY_MS + 1000))).toBe(
      1,
    );
  });

  it('is rate-limited per address', async () => {
    const now = ctx.clock.now();
    const upcoming = await insertChallenge(ctx.db, now, {
      startDate: new Date(now.getTime() + DAY_MS),
      endDate: new Date(now.getTime() + 20 * DAY_MS),
    });
    const visitor = new TestClient(ctx.app);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1)
      statuses.push(
        (
          await visitor.post(`/api/challenges/${upcoming.id}/sale-alerts`, {
            email: `fan${index}@example.com`,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
