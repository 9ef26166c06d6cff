import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailedToken } from '#tests/helpers/mail.ts';
import {
  createTestContext,
  queriesDuring,
  sameCookieOn,
  SECOND_APP_TIMEOUT_MS,
  secondInstance,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { SessionCache } from './session-cache.ts';
import { createOrPromoteAdmin } from './service.ts';
import { localChangeFeed, type ChangeFeed } from '../db/changes.ts';
import { users, type User } from '../db/schema.ts';

/** The spec's promise for a sign-out everywhere: every instance refuses the cookie within 1 s. */
const withinOneSecond = (read: () => unknown) =>
  expect.poll(read, { timeout: 1_000, interval: 20 });

describe('signed-in sessions kept in memory on each instance', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    other = await secondInstance(ctx);
  }, SECOND_APP_TIMEOUT_MS);
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  /** A member signed in on the first instance, with the same cookie already known to the second. */
  async function memberOnBoth() {
    const member = await signedInMember(ctx.app);
    const onOther = sameCookieOn(other.app, member.client);
    expect((await onOther.get('/api/user')).statusCode).toBe(200);
    // Served from the second instance's memory from now on: what the notices must correct.
    const again = await queriesDuring(other.database, () => onOther.get('/api/user'));
    expect(again.answer.statusCode).toBe(200);
    expect(again.queries).toBe(0);
    return { ...member, onOther };
  }

  it('a second request with the same cookie makes no database query (session and user row)', async () => {
    const { client, user } = await signedInMember(ctx.app);
    expect((await client.get('/api/user')).statusCode).toBe(200);

    for (const url of ['/api/user', '/api/session']) {
      const { answer, queries } = await queriesDuring(ctx.database, () => client.get(url));
      expect(answer.statusCode).toBe(200);
      expect(JSON.stringify(answer.json())).toContain(user.username);
      expect(queries, url).toBe(0);
    }
  });

  it('a cookie signed out on one instance is refused there at once and on the other within 1 s', async () => {
    const { client, onOther } = await memberOnBoth();
    const sameTabLater = sameCookieOn(ctx.app, client);

    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await sameTabLater.get('/api/user')).statusCode).toBe(401);
    await withinOneSecond(async () => (await onOther.get('/api/user')).statusCode).toBe(401);
  });

  it("a password reset on one instance ends the member's sessions there at once and on the other within 1 s", async () => {
    const { client, user, onOther } = await memberOnBoth();
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const email = `${user.username}@example.com`;
    const requested = await new TestClient(ctx.app).post('/api/password-reset/request', { email });
    expect(requested.statusCode).toBe(202);
    const token = await emailedToken(ctx, email, '/auth/reset?token=');
    const confirmed = await new TestClient(ctx.app).post('/api/password-reset/confirm', {
      token,
      password: 'brand-new-pass',
    });
    expect(confirmed.statusCode).toBe(200);

    expect((await client.get('/api/user')).statusCode).toBe(401);
    await withinOneSecond(async () => (await onOther.get('/api/user')).statusCode).toBe(401);
  });

  it('an email change confirmed on one instance shows on the other within 1 s', async () => {
    const { client, user, onOther } = await memberOnBoth();
    const newEmail = `${user.username}.moved@example.com`;
    const requested = await client.post('/api/email-change/request', {
      newEmail,
      currentPassword: 'password123',
    });
    expect(requested.statusCode).toBe(202);
    const token = await emailedToken(ctx, newEmail, '/auth/verify-email?token=');
    expect((await client.post('/api/email-change/confirm', { token })).statusCode).toBe(200);

    await withinOneSecond(async () => (await onOther.get('/api/user')).json().email).toBe(newEmail);
  });

  it("an organizer's role taken away or given (SQL, scripts/create-admin.ts) holds on every instance within 1 s", async () => {
    const { client, user } = await signedInAdmin(ctx.app, ctx.db);
    const onOther = sameCookieOn(other.app, client);
    const dashboard = async () => (await onOther.get('/api/admin/dashboard')).statusCode;
    expect(await dashboard()).toBe(200);
    expect(await dashboard()).toBe(200);

    await ctx.db.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
    await withinOneSecond(dashboard).toBe(403);

    await createOrPromoteAdmin(ctx.db, {
      username: user.username,
      password: 'adminpass1',
      email: `${user.username}@example.com`,
    });
    await withinOneSecond(dashboard).toBe(200);
  });
});

describe('SessionCache on its own', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const later = new Date('2026-12-26T12:00:00Z');
  /** A feed whose hearing the test switches, carrying the in-process changes of localChangeFeed. */
  function feed() {
    const inner = localChangeFeed();
    let hearing = true;
    const changes: ChangeFeed = { ...inner, listening: () => hearing };
    return { changes, deafen: () => void (hearing = false) };
  }
  function cacheWith(options: { maxEntries?: number } = {}) {
    let clock = 0;
    const { changes, deafen } = feed();
    const cache = new SessionCache({
      changes,
      ttlMs: 30_000,
      monotonicNow: () => clock,
      ...options,
    });
    const keep = (sid: string, userId: number) =>
      cache.keepSession(cache.startRead(), sid, { data: { userId }, userId, expiresAt: later });
    return { cache, keep, deafen, advance: (ms: number) => void (clock += ms) };
  }

  it('serves an entry for its lifetime and not after', () => {
    const { cache, keep, advance } = cacheWith();
    keep('a', 1);
    advance(29_999);
    expect(cache.session('a', now)).toEqual({ userId: 1 });
    advance(1);
    expect(cache.session('a', now)).toBeUndefined();
  });

  it('never serves a session past its expiry', () => {
    const { cache, keep } = cacheWith();
    keep('a', 1);
    expect(cache.session('a', later)).toBeUndefined();
  });

  it('holds at most maxEntries sessions and user rows, dropping the oldest', () => {
    const { cache, keep } = cacheWith({ maxEntries: 2 });
    keep('a', 1);
    keep('b', 2);
    keep('c', 3);
    expect(['a', 'b', 'c'].map((sid) => cache.session(sid, now)?.userId)).toEqual([
      undefined,
      2,
      3,
    ]);
    for (const id of [1, 2, 3]) cache.keepUser(cache.startRead(), { id } as User);
    expect([1, 2, 3].map((id) => cache.user(id)?.id)).toEqual([undefined, 2, 3]);
  });

  it('keeps nothing from a read that began before a member was forgotten', () => {
    const { cache } = cacheWith();
    const read = cache.startRead();
    cache.forgetUser(7);
    cache.keepSession(read, 'a', { data: { userId: 1 }, userId: 1, expiresAt: later });
    cache.keepUser(read, { id: 1 } as User);
    expect([cache.session('a', now), cache.user(1)]).toEqual([undefined, undefined]);
  });

  it('serves and keeps nothing while its feed is not listening', () => {
    const { cache, keep, deafen } = cacheWith();
    keep('a', 1);
    deafen();
    expect(cache.session('a', now)).toBeUndefined();
    keep('b', 2);
    cache.keepUser(cache.startRead(), { id: 2 } as User);
    expect([cache.session('b', now), cache.user(2)]).toEqual([undefined, undefined]);
  });
});
