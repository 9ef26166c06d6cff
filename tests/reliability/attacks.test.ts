import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCurrentBattle } from '#server/challenges/current-battle.ts';
import { eq } from 'drizzle-orm';
import { businesses, coupons, users } from '#server/db/schema.ts';
import { WRONG_CODE_LIMITS } from '#server/redemption/service.ts';
import {
  createTestContext,
  signedInAdmin,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import {
  apiEndpoints,
  databaseFingerprint,
  isStateChanging,
  type Endpoint,
} from './api-surface.ts';
import { recordFigure } from './figures.ts';
import { seededBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';

let ctx: TestContext;
let endpoints: Endpoint[];
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  const challenge = await seededBattle(ctx);
  member = (await signedInPassHolder(ctx, challenge.id)).client;
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  endpoints = await apiEndpoints(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

const pathFor = (endpoint: Endpoint) => endpoint.path.replace(/\{[^}]+\}/g, '1');

describe('attacks', () => {
  it('makes guessing a redemption code impractical at the enforced limit', async () => {
    const challenge = (await findCurrentBattle(ctx.db, ctx.clock.now()))!;
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.passId, pass.id));
    const [shop] = await ctx.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, coupon!.businessId));
    const guesses = Array.from({ length: 40 }, (_, index) => String(index).padStart(4, '0')).filter(
      (code) => code !== shop!.redemptionCode,
    );

    const statuses: number[] = [];
    for (const guess of guesses) {
      statuses.push(
        (await client.post(`/api/coupons/${coupon!.id}/redeem`, { redemptionCode: guess }))
          .statusCode,
      );
    }
    const perWindow = WRONG_CODE_LIMITS[0].attempts;
    expect(statuses.slice(0, perWindow).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(perWindow).every((status) => status === 429)).toBe(true);
    // Even the right code waits out the lock: the limit is on the pass, not on wrong answers only.
    expect(
      (
        await client.post(`/api/coupons/${coupon!.id}/redeem`, {
          redemptionCode: shop!.redemptionCode,
        })
      ).statusCode,
    ).toBe(429);

    const perDay = Math.min(
      ...WRONG_CODE_LIMITS.map(
        (limit) => limit.attempts * ((24 * 60 * 60 * 1000) / limit.windowMs),
      ),
    );
    const expectedGuesses = 10_000 / 2;
    recordFigure('code-guessing', {
      wrongCodesAllowedPerPass: WRONG_CODE_LIMITS.map(
        (limit) => `${limit.attempts} per ${limit.windowMs / 60_000} min`,
      ).join(', '),
      guessesPerPassPerDay: perDay,
      expectedGuessesToFindOneCode: expectedGuesses,
      expectedDaysToFindOneCode: expectedGuesses / perDay,
    });
    expect(expectedGuesses / perDay).toBeGreaterThan(30);
  });

  it('refuses every state-changing request from a foreign origin, changing nothing', async () => {
    const before = await databaseFingerprint(ctx.db);
    const targets = endpoints
      .filter(isStateChanging)
      .filter((endpoint) => endpoint.path !== '/api/stripe/webhook');
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const endpoint of targets) {
      for (const caller of [member, admin]) {
        const response = await caller.request({
          method: endpoint.method,
          url: pathFor(endpoint),
          payload: {},
          headers: { origin: 'https://attacker.example' },
        });
        expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(403);
      }
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });

  it('treats SQL injection probes in every parameter as plain text', async () => {
    const probes = [
      "' OR '1'='1",
      '1; DROP TABLE users;--',
      "1' UNION SELECT password_hash FROM users--",
      "'; SELECT pg_sleep(3);--",
    ];
    const usersBefore = await ctx.db.$count(users);
    const failures: string[] = [];
    // Only endpoints that take input: a probe has nowhere to go in the others (and the vote
    // stream, which takes none, never ends its answer).
    const takingInput = endpoints.filter(
      (endpoint) => endpoint.operation.requestBody || endpoint.operation.parameters?.length,
    );
    expect(takingInput.length).toBeGreaterThan(10);
    for (const endpoint of takingInput) {
      const properties = Object.entries(
        endpoint.operation.requestBody?.content['application/json']?.schema.properties ?? {},
      );
      const queries = (endpoint.operation.parameters ?? []).filter(
        (parameter) => parameter.in === 'query',
      );
      for (const probe of probes) {
        const url =
          endpoint.path.replace(/\{[^}]+\}/g, encodeURIComponent(probe)) +
          (queries.length
            ? `?${queries.map((query) => `${query.name}=${encodeURIComponent(probe)}`).join('&')}`
            : '');
        const payload = Object.fromEntries(properties.map(([name]) => [name, probe]));
        const started = performance.now();
        const response = await admin.request({
          method: endpoint.method,
          url,
          ...(isStateChanging(endpoint) ? { payload } : {}),
          remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
        });
        const elapsed = performance.now() - started;
        if (response.statusCode >= 500)
          failures.push(`${endpoint.method} ${url} → ${response.statusCode}`);
        if (elapsed > 2500)
          failures.push(`${endpoint.method} ${url} took ${Math.round(elapsed)} ms (pg_sleep ran?)`);
        if (/password_hash|\$argon2/.test(response.body))
          failures.push(`${endpoint.method} ${url} leaked a hash`);
      }
    }
    expect(failures).toEqual([]);
    const tables = await ctx.db.execute(
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect((tables as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(8);
    expect(await ctx.db.$count(users)).toBeGreaterThanOrEqual(usersBefore);
  });

  it('defeats session fixation: a planted session id is never signed in', async () => {
    const attacker = new TestClient(ctx.app);
    await attacker.post('/api/register', {
      username: 'fixer',
      email: 'fixer@example.com',
      fullName: 'Fix Er',
      password: 'password123',
    });
    await attacker.post('/api/logout');
    // The attacker obtains a session cookie and plants it in the victim's browser.
    await attacker.post('/api/login', { username: 'fixer', password: 'password123' });
    const planted = attacker.cookie;
    await attacker.post('/api/logout');

    const victim = new TestClient(ctx.app);
    victim.cookie = planted;
    await victim.post('/api/register', {
      username: 'victim',
      email: 'victim@example.com',
      fullName: 'Vic Tim',
      password: 'password123',
    });
    expect(victim.cookie).not.toBe(planted);
    const replay = new TestClient(ctx.app);
    replay.cookie = planted;
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('limits sign-in guessing per address', async () => {
    const guesser = new TestClient(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const response = await guesser.request({
        method: 'POST',
        url: '/api/login',
        // A different account each time: one account from one address has a lower limit (5).
        payload: { username: `victim${attempt}`, password: `guess-${attempt}` },
        remoteAddress: '198.18.0.7',
      });
      statuses.push(response.statusCode);
    }
    const allowed = statuses.filter((status) => status === 401).length;
    expect(allowed).toBe(10);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    recordFigure('sign-in-guessing', {
      guessesAllowedPerMinutePerAddress: allowed,
      guessesPerDayPerAddress: allowed * 60 * 24,
      note: 'argon2id hashes; a 6-character random lowercase password needs ~1.5e8 guesses on average',
    });
  });
});
