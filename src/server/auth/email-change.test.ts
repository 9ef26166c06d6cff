import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_IN_USE,
  emailChangeRequested,
  INVALID_EMAIL_CHANGE_LINK,
  SAME_EMAIL,
  WRONG_CURRENT_PASSWORD,
} from '#shared/auth.ts';
import { emailChangeTokens, mailOutbox, users } from '../db/schema.ts';
import { emailChanged } from './email-change.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { deliverMail, emailedToken, mailboxOf } from '#tests/helpers/mail.ts';

// This file is about email changes, not the allowance of unconfirmed addresses (mail/allowance.test.ts).
const ctx = useTestApp({ mailUnconfirmedPerDay: 100 });

const emailOf = (username: string) => `${username}@example.com`;

const requestChange = (client: TestClient, newEmail: string, currentPassword = 'password123') =>
  client.post('/api/email-change/request', { newEmail, currentPassword });

const confirm = (token: string, client = new TestClient(ctx.app)) =>
  client.post('/api/email-change/confirm', { token });

/** Asks for the change and reads the token from the link in the new address's newest email. */
async function changeToken(client: TestClient, newEmail: string): Promise<string> {
  const response = await requestChange(client, newEmail);
  expect(response.statusCode).toBe(202);
  return emailedToken(ctx, newEmail, '/auth/verify-email?token=');
}

const emailOfAccount = async (client: TestClient) =>
  (await client.get('/api/user')).json<{ email: string }>().email;

describe('POST /api/email-change/request', () => {
  it('mails a single-use link to the new address and changes nothing yet', async () => {
    const { client } = await signedInMember(ctx.app, 'mover');
    const response = await requestChange(client, 'Mover.New@Example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: emailChangeRequested('Mover.New@Example.com') });
    expect(await emailOfAccount(client)).toBe(emailOf('mover'));

    await deliverMail(ctx.db, ctx.clock.now);
    const [email] = await mailboxOf(ctx, 'mover.new@example.com');
    expect(email?.subject).toBe('Confirm your new Local Battles email address');
    expect(email?.text).toContain('"mover"');
    expect(email?.text).toContain('within 24 hours');
    const link = email!.links.find((each) =>
      each.startsWith('http://localhost/auth/verify-email?token='),
    )!;
    expect(email?.html).toContain(`href="${link}"`);

    // 256 random bits, stored only as a hash.
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db.select().from(emailChangeTokens);
    expect(rows.map((row) => row.tokenHash)).toContain(
      createHash('sha256').update(token).digest('hex'),
    );
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("mails the current address at once: 'Was this you?', naming the new one and what to do", async () => {
    const { client } = await signedInMember(ctx.app, 'watched');
    const response = await requestChange(client, 'watched.elsewhere@example.com');
    expect(response.statusCode).toBe(202);
    // Queued with the request, before the link is opened and while nothing has changed.
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.toAddress, emailOf('watched')))).toBe(2); // the welcome and this notice
    await deliverMail(ctx.db, ctx.clock.now);
    const [notice] = await mailboxOf(ctx, emailOf('watched'));
    expect(notice?.subject).toBe('Was this you? Local Battles email change');
    expect(notice?.text).toContain('"watched"');
    expect(notice?.text).toContain(
      'asked to change its email address to watched.elsewhere@example.com',
    );
    expect(notice?.text).toContain('If it was not you, someone knows your password');
    expect(notice?.links).toContain('http://localhost/auth/reset');
    expect(await emailOfAccount(client)).toBe(emailOf('watched'));
  });

  it('refuses a wrong current password, an invalid address and the same address, storing nothing', async () => {
    const { client, user } = await signedInMember(ctx.app, 'careful');
    const mine = () =>
      ctx.db
        .select({ newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .where(eq(emailChangeTokens.userId, user.id));

    const wrong = await requestChange(client, 'careful.new@example.com', 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CURRENT_PASSWORD });

    const invalid = await requestChange(client, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please enter a valid email address');

    const same = await requestChange(client, 'CAREFUL@example.com');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: SAME_EMAIL });

    // Only the welcome's link for the registered address (docs/decisions/0029).
    expect(await mine()).toEqual([{ newEmail: emailOf('careful') }]);
    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, 'careful.new@example.com')).toEqual([]);
    expect((await mailboxOf(ctx, emailOf('careful'))).map((mail) => mail.subject)).toEqual([
      'Welcome to Local Battles',
    ]);
  });

  it('needs a signed-in member', async () => {
    const response = await requestChange(new TestClient(ctx.app), 'someone@example.com');
    expect(response.statusCode).toBe(401);
  });

  it('limits requests per account, wrong passwords included', async () => {
    const { client } = await signedInMember(ctx.app, 'restless');
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await requestChange(client, `restless${attempt}@example.com`)).statusCode);
    statuses.push((await requestChange(client, 'restless9@example.com', 'guess')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await requestChange(client, 'restless10@example.com');
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
  });
});

describe('POST /api/email-change/confirm', () => {
  it('changes the address, tells the old one, and password reset then uses the new one', async () => {
    const { client } = await signedInMember(ctx.app, 'switcher');
    const token = await changeToken(client, 'switcher.new@example.com');
    const staleReset = await new TestClient(ctx.app).post('/api/password-reset/request', {
      email: emailOf('switcher'),
    });
    expect(staleReset.statusCode).toBe(202);
    const staleToken = await emailedToken(ctx, emailOf('switcher'), '/auth/reset?token=');

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChanged('switcher.new@example.com') });
    expect(await emailOfAccount(client)).toBe('switcher.new@example.com');

    await deliverMail(ctx.db, ctx.clock.now);
    const [notice] = await mailboxOf(ctx, emailOf('switcher'));
    expect(notice?.subject).toBe('Your Local Battles email address was changed');
    expect(notice?.text).toContain('switcher.new@example.com');

    // The reset link mailed to the old address no longer works; a new one goes to the new address.
    const stale = await new TestClient(ctx.app).post('/api/password-reset/confirm', {
      token: staleToken,
      password: 'hijacked-pass',
    });
    expect(stale.statusCode).toBe(400);
    await new TestClient(ctx.app).post('/api/password-reset/request', {
      email: 'switcher.new@example.com',
    });
    await deliverMail(ctx.db, ctx.clock.now);
    const [freshReset] = await mailboxOf(ctx, 'switcher.new@example.com');
    expect(freshReset?.subject).toBe('Reset your Local Battles password');
  });

  it('works once', async () => {
    const { client } = await signedInMember(ctx.app, 'oncer');
    const token = await changeToken(client, 'oncer.new@example.com');
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_EMAIL_CHANGE_LINK });
  });

  it('expires after 24 hours', async () => {
    const { client: late } = await signedInMember(ctx.app, 'tardy');
    const { client: prompt } = await signedInMember(ctx.app, 'prompt');
    const lateToken = await changeToken(late, 'tardy.new@example.com');
    const promptToken = await changeToken(prompt, 'prompt.new@example.com');
    ctx.clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await confirm(promptToken)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const response = await confirm(lateToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_EMAIL_CHANGE_LINK });
    expect(await emailOfAccount(late)).toBe(emailOf('tardy'));
  });

  it('is voided by a newer request, which wins', async () => {
    const { client } = await signedInMember(ctx.app, 'indecisive');
    const older = await changeToken(client, 'indecisive.first@example.com');
    const newer = await changeToken(client, 'indecisive.second@example.com');
    expect((await confirm(older)).statusCode).toBe(400);
    expect((await confirm(newer)).statusCode).toBe(200);
    expect(await emailOfAccount(client)).toBe('indecisive.second@example.com');
  });

  it('answers 400 with the same message for an unknown token, and for none', async () => {
    const response = await confirm('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_EMAIL_CHANGE_LINK });
    const missing = await new TestClient(ctx.app).post('/api/email-change/confirm', {});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses an address another account took after the request, and changes nothing', async () => {
    const { client } = await signedInMember(ctx.app, 'slowmover');
    const token = await changeToken(client, 'contested@example.com');
    const register = await new TestClient(ctx.app).post('/api/register', {
      username: 'quickclaimer',
      email: 'Contested@Example.com',
      fullName: 'Quick Claimer',
      password: 'password123',
    });
    expect(register.statusCode).toBe(201);

    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_IN_USE });
    expect(await emailOfAccount(client)).toBe(emailOf('slowmover'));
  });

  it('changes the address once when one link is opened twice at the same moment', async () => {
    const { client, user } = await signedInMember(ctx.app, 'doubleclick');
    const token = await changeToken(client, 'doubleclick.new@example.com');
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe('doubleclick.new@example.com');
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.toAddress, emailOf('doubleclick')))).toBe(
      3, // the welcome, 'Was this you?' and one change notice
    );
  });

  it('lets only one of two accounts take one address when both confirm at the same moment', async () => {
    const { client: first } = await signedInMember(ctx.app, 'racerone');
    const { client: second } = await signedInMember(ctx.app, 'racertwo');
    const firstToken = await changeToken(first, 'finishline@example.com');
    const secondToken = await changeToken(second, 'finishline@example.com');
    const answers = await Promise.all([confirm(firstToken), confirm(secondToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.$count(users, eq(users.email, 'finishline@example.com'))).toBe(1);
  });
});

describe('POST /api/email-change/preview', () => {
  const preview = (token: string) =>
    new TestClient(ctx.app).post('/api/email-change/preview', { token });

  it('names the address a live link would set, and changes nothing', async () => {
    const { client } = await signedInMember(ctx.app, 'previewer');
    const token = await changeToken(client, 'Previewer.New@example.com');
    const response = await preview(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ newEmail: 'Previewer.New@example.com' });
    expect(await emailOfAccount(client)).toBe(emailOf('previewer'));
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('answers 404 with the confirm message for an unknown, used or expired link', async () => {
    const unknown = await preview('made-up-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: INVALID_EMAIL_CHANGE_LINK });

    const { client } = await signedInMember(ctx.app, 'reuser');
    const used = await changeToken(client, 'reuser.new@example.com');
    expect((await confirm(used)).statusCode).toBe(200);
    expect((await preview(used)).statusCode).toBe(404);

    const { client: late } = await signedInMember(ctx.app, 'lapsed');
    const expired = await changeToken(late, 'lapsed.new@example.com');
    ctx.clock.advance(24 * 60 * 60 * 1000);
    expect((await preview(expired)).statusCode).toBe(404);
  });
});

describe('a password reset cancels a pending email change', () => {
  it("voids the link, as the 'Was this you?' email promises", async () => {
    const { client } = await signedInMember(ctx.app, 'defender');
    const token = await changeToken(client, 'intruder@example.com');
    await new TestClient(ctx.app).post('/api/password-reset/request', {
      email: emailOf('defender'),
    });
    const answer = await new TestClient(ctx.app).post('/api/password-reset/confirm', {
      token: await emailedToken(ctx, emailOf('defender'), '/auth/reset?token='),
      password: 'fresh-password',
    });
    expect(answer.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await ctx.db.$count(users, eq(users.email, 'intruder@example.com'))).toBe(0);
  });
});
