import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import { queryRows, usingPostgres } from '#tests/helpers/test-db.ts';
import {
  testJobDeps,
  createTestContext,
  SECOND_APP_TIMEOUT_MS,
  signedInMember,
  TestClient,
  type TestContext,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import { countHit, RATE_LIMITS } from './rate-limits.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const perAddress = RATE_LIMITS.signInPerAddress.max;
const perUsernameAndAddress = RATE_LIMITS.signInFailuresPerUsernameAndAddress.max;

/** Names and addresses unique to this run: Redis and its keys outlive the test database. */
const unique = () => randomBytes(4).toString('hex');
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

function attemptLogin(
  app: FastifyInstance,
  username: string,
  remoteAddress: string,
  password = 'wrong-password',
) {
  return new TestClient(app).request({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
  });
}

/** Wrong passwords for one account from one address, spread over the apps in turn. */
async function guessesAtOneAccount(
  apps: FastifyInstance[],
  username: string,
  count: number,
  address = freshAddress(),
) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const app = apps[attempt % apps.length]!;
    statuses.push((await attemptLogin(app, username, address)).statusCode);
  }
  return statuses;
}

/** Sign-in attempts from one address at different accounts, spread over the apps in turn. */
async function guessesFromOneAddress(apps: FastifyInstance[], address: string, count: number) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const app = apps[attempt % apps.length]!;
    statuses.push((await attemptLogin(app, `user_${unique()}`, address)).statusCode);
  }
  return statuses;
}

const allowedThenLimited = (allowed: number, limited: number) => [
  ...Array<number>(allowed).fill(401),
  ...Array<number>(limited).fill(429),
];

describe.each([
  { store: 'the database', redisUrl: undefined },
  { store: 'Redis', redisUrl: REDIS_URL },
])('sign-in limits kept in $store', ({ redisUrl }) => {
  const ctx = useTestApp({ redisUrl });
  let second: FastifyInstance;
  beforeAll(async () => {
    // On PostgreSQL the second instance has its own pool, as another process would.
    second = await ctx.buildApp(usingPostgres ? (await ctx.database.reopen()).db : ctx.db);
  }, SECOND_APP_TIMEOUT_MS);

  it('limits one account guessed at from one address', async () => {
    const victim = `victim_${unique()}`;
    const attacker = freshAddress();
    expect(
      await guessesAtOneAccount([ctx.app], victim, perUsernameAndAddress + 2, attacker),
    ).toEqual(allowedThenLimited(perUsernameAndAddress, 2));
    const limited = await attemptLogin(ctx.app, victim.toUpperCase(), attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await attemptLogin(ctx.app, `other_${unique()}`, attacker)).statusCode).toBe(401);
  });

  it("never refuses the owner's correct password from another address, whatever strangers tried", async () => {
    const { user } = await signedInMember(ctx.app);
    const attacker = freshAddress();
    // Guesses from one address until it is refused, then from many addresses, at both instances.
    expect(
      await guessesAtOneAccount(
        [ctx.app, second],
        user.username,
        perUsernameAndAddress + 2,
        attacker,
      ),
    ).toEqual(allowedThenLimited(perUsernameAndAddress, 2));
    for (let attempt = 0; attempt < 3 * perUsernameAndAddress; attempt += 1)
      expect((await attemptLogin(second, user.username, freshAddress())).statusCode).toBe(401);

    const owner = await attemptLogin(ctx.app, user.username, freshAddress(), 'password123');
    expect(owner.statusCode).toBe(200);
    // The attacker's address stays refused, even with the right password.
    expect((await attemptLogin(ctx.app, user.username, attacker, 'password123')).statusCode).toBe(
      429,
    );
  });

  it('never counts a sign-in that succeeds against the account', async () => {
    const { user } = await signedInMember(ctx.app);
    for (let attempt = 0; attempt < perUsernameAndAddress + 2; attempt += 1) {
      const response = await new TestClient(ctx.app).request({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: 'password123' },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('holds one per-address limit across two instances', async () => {
    expect(await guessesFromOneAddress([ctx.app, second], freshAddress(), perAddress + 2)).toEqual(
      allowedThenLimited(perAddress, 2),
    );
  });

  it('holds one per-username-and-address limit across two instances', async () => {
    expect(
      await guessesAtOneAccount([ctx.app, second], `victim_${unique()}`, perUsernameAndAddress + 2),
    ).toEqual(allowedThenLimited(perUsernameAndAddress, 2));
  });

  it(
    'keeps counting across a restart of an instance',
    async () => {
      const victim = `victim_${unique()}`;
      const attacker = freshAddress();
      const before = perUsernameAndAddress - 3;
      expect(await guessesAtOneAccount([second], victim, before, attacker)).toEqual(
        allowedThenLimited(before, 0),
      );
      await second.close();
      second = await ctx.buildApp(usingPostgres ? (await ctx.database.reopen()).db : ctx.db);
      expect(await guessesAtOneAccount([second], victim, 5, attacker)).toEqual(
        allowedThenLimited(3, 2),
      );
    },
    SECOND_APP_TIMEOUT_MS,
  );

  it('limits registration per address across instances', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    const max = RATE_LIMITS.registrationPerAddress.max;
    for (let attempt = 0; attempt < max + 1; attempt += 1) {
      const name = `reg_${unique()}`;
      const response = await new TestClient(attempt % 2 ? second : ctx.app).request({
        method: 'POST',
        url: '/api/register',
        payload: {
          username: name,
          email: `${name}@example.com`,
          fullName: 'Rate Limited',
          password: 'password123',
        },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(201), 429]);
  });
});

describe('the database store', () => {
  const ctx = useTestApp();

  it('counts every hit once when many arrive at the same moment', async () => {
    const key = `race:${unique()}`;
    const results = await Promise.all(
      Array.from({ length: 40 }, () => countHit(ctx.db, key, 60_000)),
    );
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    for (const result of results) expect(result.ttl).toBeGreaterThan(0);
  });

  it('starts a new window once the old one has ended', async () => {
    const key = `ended:${unique()}`;
    await countHit(ctx.db, key, 60_000);
    await countHit(ctx.db, key, 60_000);
    await ctx.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key = ${key}`,
    );
    expect((await countHit(ctx.db, key, 60_000)).current).toBe(1);
  });

  it('has the sweep delete ended windows and keep running ones', async () => {
    const ended = `ended:${unique()}`;
    const running = `running:${unique()}`;
    await countHit(ctx.db, ended, 60_000);
    await countHit(ctx.db, running, 60_000);
    await ctx.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key = ${ended}`,
    );
    const sweep = periodicJobs(ctx.db, testJobDeps(ctx)).find(
      (job) => job.name === 'rate-limit-sweep',
    )!;
    await sweep.run(ctx.clock.now());
    const keys = (
      await queryRows<{ key: string }>(ctx.db, sql`select key from ${rateLimitCounters}`)
    ).map((row) => row.key);
    expect(keys).toContain(running);
    expect(keys).not.toContain(ended);
  });
});

describe('the Redis store', () => {
  let ctx: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    ctx = await createTestContext({ redisUrl: REDIS_URL });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await ctx.close();
  });

  it('keeps the counts in Redis, where every instance reads them', async () => {
    const victim = `victim_${unique()}`;
    const attacker = freshAddress();
    await guessesAtOneAccount([ctx.app], victim, 3, attacker);
    const keys = await redis.keys(
      `lb-rate-limit:*signInFailuresPerUsernameAndAddress:${victim}|${attacker}`,
    );
    expect(keys).toHaveLength(1);
    expect(await redis.get(keys[0]!)).toBe('3');
    // Nothing went to the database.
    expect(await queryRows(ctx.db, sql`select key from ${rateLimitCounters}`)).toEqual([]);
  });
});
