import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVALID_RESET_LINK, PASSWORD_RESET_REQUESTED } from '#shared/auth.ts';
import { passwordResetTokens } from '../db/schema.ts';
import { LIVE_RESET_LINKS_PER_ACCOUNT } from './password-reset.ts';
import {
  SECOND_APP_TIMEOUT_MS,
  signedInMember,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { deliverMail, emailedLink, emailedToken, mailboxOf } from '#tests/helpers/mail.ts';
import { SiteUrl } from '../site-url.ts';

// Several tests mail one address many times; the allowance of unconfirmed addresses is
// mail/allowance.test.ts's.
const ctx = useTestApp({ mailUnconfirmedPerDay: 100 });

const emailOf = (username: string) => `${username}@example.com`;

async function requestReset(email: string, client = new TestClient(ctx.app)) {
  return client.post('/api/password-reset/request', { email });
}

/** Requests a reset (from a new address, or `client`'s) and reads the token in the newest email. */
async function resetToken(username: string, client = new TestClient(ctx.app)): Promise<string> {
  const response = await requestReset(emailOf(username), client);
  expect(response.statusCode).toBe(202);
  return emailedToken(ctx, emailOf(username), '/auth/reset?token=');
}

const confirm = (token: string, password = 'brand-new-pass', client = new TestClient(ctx.app)) =>
  client.post('/api/password-reset/confirm', { token, password });

const login = (username: string, password: string) =>
  new TestClient(ctx.app).post('/api/login', { username, password });

describe('POST /api/password-reset/request', () => {
  it('answers 202 with the same body whether or not the account exists, and mails only a real account', async () => {
    await signedInMember(ctx.app, 'forgetful');
    const known = await requestReset('Forgetful@Example.com');
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(unknown.body).toBe(known.body);

    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, 'nobody-here@example.com')).toEqual([]);
    const [email] = await mailboxOf(ctx, emailOf('forgetful'));
    expect(email?.subject).toBe('Reset your Local Battles password');
    expect(email?.text).toContain('"forgetful"');
    expect(email?.text).toContain('within 60 minutes');
    const link = email!.links.find((each) =>
      each.startsWith('http://localhost/auth/reset?token='),
    )!;
    expect(email?.html).toContain(`href="${link}"`);

    // 256 random bits, stored only as a hash.
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db.select().from(passwordResetTokens);
    expect(rows.map((row) => row.tokenHash)).toContain(
      createHash('sha256').update(token).digest('hex'),
    );
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sends one email per request to an address, with a link for each account on it', async () => {
    for (const username of ['twin_a', 'twin_b']) {
      const response = await new TestClient(ctx.app).post('/api/register', {
        username,
        email: 'Twins@Example.com',
        fullName: 'Twin Member',
        password: 'password123',
      });
      expect(response.statusCode).toBe(201);
    }
    expect((await requestReset('twins@example.com')).statusCode).toBe(202);
    await deliverMail(ctx.db, ctx.clock.now);
    const resets = (await mailboxOf(ctx, 'twins@example.com')).filter((mail) =>
      mail.subject.startsWith('Reset'),
    );
    expect(resets).toHaveLength(1);
    const [email] = resets;
    expect(email?.text).toContain('"twin_a", "twin_b"');
    const links = email!.links.filter((link) => link.includes('/auth/reset?token='));
    expect(links).toHaveLength(2);
    expect(email?.text).toContain(`Choose a new password for "twin_a": ${links[0]}`);
    expect(email?.text).toContain(`Choose a new password for "twin_b": ${links[1]}`);

    // Each link resets the account it names, and only that one.
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    expect((await confirm(tokenOf(links[1]!), 'twin-b-new-pass')).json()).toMatchObject({
      username: 'twin_b',
    });
    expect((await confirm(tokenOf(links[0]!), 'twin-a-new-pass')).json()).toMatchObject({
      username: 'twin_a',
    });
    expect((await login('twin_a', 'twin-a-new-pass')).statusCode).toBe(200);
    expect((await login('twin_b', 'twin-b-new-pass')).statusCode).toBe(200);
  });

  it('answers 400 JSON for an address that is not one and stores nothing', async () => {
    const before = await ctx.db.$count(passwordResetTokens);
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
    expect(await ctx.db.$count(passwordResetTokens)).toBe(before);
  });

  it("limits requests per email address from one network address, never the owner's own from another", async () => {
    await signedInMember(ctx.app, 'flooded');
    const attacker = new TestClient(ctx.app);
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await requestReset(emailOf('flooded'), attacker)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await requestReset('FLOODED@example.com', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Strangers at other addresses too, then the owner: their own request and link still work.
    for (let stranger = 0; stranger < 3; stranger += 1)
      expect((await requestReset(emailOf('flooded'))).statusCode).toBe(202);
    const ownLink = await resetToken('flooded');
    expect((await confirm(ownLink)).statusCode).toBe(200);
  });

  it('limits requests per network address, whatever the email', async () => {
    const client = new TestClient(ctx.app);
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await requestReset(`someone${attempt}@example.com`, client)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the password, signs the member in and ends every other session', async () => {
    const { client: elsewhere } = await signedInMember(ctx.app, 'resetter');
    const token = await resetToken('resetter');

    const browser = new TestClient(ctx.app);
    const response = await confirm(token, 'brand-new-pass', browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'resetter', isAdmin: false });
    expect((await browser.get('/api/user')).json()).toMatchObject({ username: 'resetter' });

    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await login('resetter', 'password123')).statusCode).toBe(401);
    expect((await login('resetter', 'brand-new-pass')).statusCode).toBe(200);
  });

  it('works once', async () => {
    await signedInMember(ctx.app, 'once');
    const token = await resetToken('once');
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await login('once', 'brand-new-pass')).statusCode).toBe(200);
  });

  it('expires after 60 minutes', async () => {
    await signedInMember(ctx.app, 'slowpoke');
    await signedInMember(ctx.app, 'quick');
    const late = await resetToken('slowpoke');
    const inTime = await resetToken('quick');
    ctx.clock.advance(60 * 60 * 1000 - 1000);
    expect((await confirm(inTime)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const response = await confirm(late);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await login('slowpoke', 'password123')).statusCode).toBe(200);
  });

  it('keeps working after newer requests, from anyone, up to five live links', async () => {
    await signedInMember(ctx.app, 'twice');
    const mailed = await resetToken('twice');
    // Strangers ask for links to the same inbox: the one already mailed still works.
    const later = [];
    for (let request = 1; request < LIVE_RESET_LINKS_PER_ACCOUNT; request += 1)
      later.push(await resetToken('twice'));
    expect((await confirm(mailed)).statusCode).toBe(200);
    // Using one ends the others: the password they would reset has just been chosen.
    expect((await confirm(later[0]!)).statusCode).toBe(400);
  });

  it('voids only the oldest link beyond five live ones', async () => {
    await signedInMember(ctx.app, 'popular');
    const links = [];
    for (let request = 0; request <= LIVE_RESET_LINKS_PER_ACCOUNT; request += 1)
      links.push(await resetToken('popular'));
    expect((await confirm(links[0]!)).statusCode).toBe(400);
    expect((await confirm(links[1]!)).statusCode).toBe(200);
  });

  it('is voided by a successful sign-in', async () => {
    await signedInMember(ctx.app, 'remembered');
    const token = await resetToken('remembered');
    expect((await login('remembered', 'wrong-guess')).statusCode).toBe(401);
    expect((await confirm(token + 'x')).statusCode).toBe(400);
    expect((await login('remembered', 'password123')).statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses a password that breaks the rule and changes nothing: the link still works', async () => {
    await signedInMember(ctx.app, 'shortpass');
    const token = await resetToken('shortpass');
    const response = await confirm(token, '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 6 characters');
    expect((await login('shortpass', 'password123')).statusCode).toBe(200);
    // The sign-in above voided the link, so ask again and use it properly.
    expect((await confirm(await resetToken('shortpass'), 'longer-pass')).statusCode).toBe(200);
  });

  it('answers 400 with the same message for an unknown token', async () => {
    const response = await confirm('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_RESET_LINK });
    const missing = await new TestClient(ctx.app).post('/api/password-reset/confirm', {
      password: 'whatever1',
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('reset links', () => {
  it('are on the configured site URL, whatever Host and X-Forwarded-Host the request names', async () => {
    await signedInMember(ctx.app, 'poisoned');
    // Sent through a proxy the server trusts (127.0.0.1), as an attacker's request would arrive.
    const response = await new TestClient(ctx.app).request({
      method: 'POST',
      url: '/api/password-reset/request',
      remoteAddress: '127.0.0.1',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        origin: 'http://evil.example',
      },
      payload: { email: emailOf('poisoned') },
    });
    expect(response.statusCode).toBe(202);
    await deliverMail(ctx.db, ctx.clock.now);
    const [email] = await mailboxOf(ctx, emailOf('poisoned'));
    expect(email?.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/auth\/reset\?token=/),
    ]);
    expect(`${email?.text}${email?.html}`).not.toContain('evil.example');
  });

  it(
    'start with PUBLIC_URL when it is set',
    async () => {
      await withTestApp(
        {
          siteUrl: new SiteUrl('https://battles.example.com'),
        },
        async (hosted) => {
          const client = new TestClient(hosted.app);
          await client.request({
            method: 'POST',
            url: '/api/register',
            headers: { origin: 'https://battles.example.com' },
            payload: {
              username: 'hosted',
              email: 'hosted@example.com',
              fullName: 'Hosted Member',
              password: 'password123',
            },
          });
          await client.request({
            method: 'POST',
            url: '/api/password-reset/request',
            headers: { origin: 'https://battles.example.com' },
            payload: { email: 'hosted@example.com' },
          });
          expect(await emailedLink(hosted, 'hosted@example.com', '/auth/reset?token=')).toMatch(
            /^https:\/\/battles\.example\.com\/auth\/reset\?token=/,
          );
        },
      );
    },
    SECOND_APP_TIMEOUT_MS,
  );
});
