import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { USERNAME_CONTROL_CHARACTERS } from '#shared/auth.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { SESSION_COOKIE } from './session.ts';

const ctx = useTestApp();

const validRegistration = (username: string) => ({
  username,
  email: `${username}@example.com`,
  fullName: 'Ada Lovelace',
  password: 'secret12',
});

/** Registers through the TLS-terminating proxy on this host, the only one trusted to say https. */
const registerOverHttps = (username: string) =>
  new TestClient(ctx.app).request({
    method: 'POST',
    url: '/api/register',
    payload: validRegistration(username),
    headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost' },
    remoteAddress: '127.0.0.1',
  });

describe('POST /api/register', () => {
  it('creates a member, signs them in and never makes an admin from the request body', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/register', {
      ...validRegistration('ada'),
      isAdmin: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      username: 'ada',
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      isAdmin: false,
    });
    expect(response.body).not.toMatch(/password/i);
    const me = await client.get('/api/user');
    expect(me.json()).toMatchObject({ username: 'ada', isAdmin: false });
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'ada'));
    expect(row?.isAdmin).toBe(false);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ fullName: 'A' }, 'fullName', 'Full name is required'],
    // A username is shown in emails and pages: no forged lines (docs/decisions/0029).
    [{ username: 'evil\r\nBcc: all@example.com' }, 'username', USERNAME_CONTROL_CHARACTERS],
    [{ username: 'tab\there' }, 'username', USERNAME_CONTROL_CHARACTERS],
    [{ username: 'esc\u001b[31m' }, 'username', USERNAME_CONTROL_CHARACTERS],
    [{ username: 'line\u2028break' }, 'username', USERNAME_CONTROL_CHARACTERS],
    [{ username: 'next\u0085line' }, 'username', USERNAME_CONTROL_CHARACTERS],
  ])('refuses %o with the spec message and stores nothing', async (change, field, message) => {
    const before = await ctx.db.$count(users);
    const response = await new TestClient(ctx.app).post('/api/register', {
      ...validRegistration('valid_name'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().errors).toContainEqual({ path: field, message });
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it('answers 409 for a taken username, whatever its case', async () => {
    await signedInMember(ctx.app, 'grace');
    const response = await new TestClient(ctx.app).post(
      '/api/register',
      validRegistration('GRACE'),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username already exists' });
  });
});

describe('sign in and out', () => {
  it('signs in with the right password only, with a new session id each time', async () => {
    const { client: registered } = await signedInMember(ctx.app, 'linus');
    const registeredCookie = registered.cookie;

    const wrong = await new TestClient(ctx.app).post('/api/login', {
      username: 'linus',
      password: 'wrongpass',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });

    const unknown = await new TestClient(ctx.app).post('/api/login', {
      username: 'nobody',
      password: 'whatever1',
    });
    expect(unknown.statusCode).toBe(401);

    // Session fixation: a session id held before sign-in is replaced by a new one.
    const client = new TestClient(ctx.app);
    client.cookie = registeredCookie;
    const login = await client.post('/api/login', { username: 'Linus', password: 'password123' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'linus', isAdmin: false });
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(registeredCookie);
    const signedInCookie = client.cookie;

    const logout = await client.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    const afterLogout = await client.get('/api/user');
    expect(afterLogout.statusCode).toBe(401);
    // The old cookie is dead on the server too, not only forgotten by the browser.
    const replay = new TestClient(ctx.app);
    replay.cookie = signedInCookie;
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('validates the login body with the spec messages', async () => {
    const response = await new TestClient(ctx.app).post('/api/login', {
      username: 'ab',
      password: '123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'username', message: 'Username must be at least 3 characters' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('answers 401 JSON for /api/user when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You must be signed in.' });
  });

  it("answers the web app's /api/session check with 200 signed out and signed in (docs/decisions/0018)", async () => {
    const visitor = new TestClient(ctx.app);
    const signedOut = await visitor.get('/api/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    const { client, user } = await signedInMember(ctx.app, 'session_check');
    const signedIn = await client.get('/api/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: (await client.get('/api/user')).json() });
    expect(signedIn.json().user).toMatchObject({ id: user.id, username: 'session_check' });
    await client.post('/api/logout', {});
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
  });

  it('sets an HttpOnly, SameSite=Lax cookie, Secure behind HTTPS', async () => {
    const plain = await new TestClient(ctx.app).post(
      '/api/register',
      validRegistration('cookie_plain'),
    );
    const cookie = plain.cookies.find((c) => c.name === 'lb.sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();

    const overHttps = await registerOverHttps('cookie_https');
    expect(overHttps.statusCode).toBe(201);
    expect(overHttps.cookies.find((c) => c.name === 'lb.sid')?.secure).toBe(true);
  });
});

describe('the signed-in hint beside the session cookie (docs/decisions/0027, the signed-in hint)', () => {
  const hintOf = (response: { cookies: { name: string }[] }) =>
    response.cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE) as
      | {
          value: string;
          httpOnly?: boolean;
          sameSite?: string;
          secure?: boolean;
          path?: string;
          expires?: Date;
        }
      | undefined;

  it("is set at sign-in, readable by the page, with the session cookie's scope and expiry", async () => {
    await signedInMember(ctx.app, 'hinted');
    const login = await new TestClient(ctx.app).post('/api/login', {
      username: 'hinted',
      password: 'password123',
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    const hint = hintOf(login);
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.secure).toBeFalsy();
    expect(hint?.expires).toEqual(session.expires);

    const registered = await registerOverHttps('hinted_https');
    expect(registered.statusCode).toBe(201);
    expect(hintOf(registered)).toMatchObject({ value: '1', secure: true });
  });

  it('is cleared at sign-out, and when the session behind it is gone', async () => {
    const { client } = await signedInMember(ctx.app);
    const hinted = { cookie: `${client.cookie!}; ${SIGNED_IN_HINT_COOKIE}=1` };
    // A browser that keeps the hint hears nothing more about it while the session lasts.
    const signedIn = await client.request({ method: 'GET', url: '/api/session', headers: hinted });
    expect(hintOf(signedIn)).toBeUndefined();

    const logout = await client.request({ method: 'POST', url: '/api/logout', headers: hinted });
    expect(logout.statusCode).toBe(200);
    const cleared = hintOf(logout);
    expect(cleared).toMatchObject({ value: '', path: '/' });
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    // The same browser again: the session is gone from the database, the stale hint goes too.
    const stale = await new TestClient(ctx.app).request({
      method: 'GET',
      url: '/api/session',
      headers: hinted,
    });
    expect(stale.json()).toEqual({ user: null });
    expect(hintOf(stale)).toMatchObject({ value: '' });
    expect(hintOf(stale)?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is set again for a signed-in browser that lacks it, and never on public answers', async () => {
    const { client } = await signedInMember(ctx.app);
    expect(hintOf(await client.get('/api/session'))).toMatchObject({ value: '1' });
    const publicRead = await ctx.app.inject({
      url: '/api/challenge/active',
      headers: { cookie: client.cookie! },
    });
    expect(hintOf(publicRead)).toBeUndefined();
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing request from a foreign origin and changes nothing', async () => {
    const before = await ctx.db.$count(users);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', host: 'localhost' },
      payload: validRegistration('csrf_victim'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused.' });
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it('refuses cross-site fetch metadata without an Origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts JSON bodies only', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost', host: 'localhost' },
      payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/JSON/);
  });

  it('answers invalid JSON with a 400 JSON message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost',
        host: 'localhost',
      },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON.' });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a message after too many attempts from one address', async () => {
    const client = new TestClient(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: `guessed_name_${attempt}`, password: 'wrong-guess' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toMatch(
          /^Too many attempts\. Please try again in \d+ seconds\.$/,
        );
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
