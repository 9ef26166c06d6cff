import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { tooManyAttempts } from '../errors.ts';

const MINUTE_MS = 60_000;

/**
 * Every request limit of the site, in one place: a new limiter is one more entry here, used by
 * its route through `limitPerAddress` or `limitPer`. Counts live in a store every instance
 * shares (PostgreSQL, or Redis with REDIS_URL), so N instances allow no more than one would.
 *
 * Limits slow attackers, never owners: a limit on something a stranger can name (a username, an
 * email address) also keys on the client's address, so requests from elsewhere never refuse the
 * owner's own.
 */
export const RATE_LIMITS = {
  /** Every sign-in attempt from one address, right or wrong: the brute-force throttle. */
  signInPerAddress: { max: 10, timeWindow: MINUTE_MS },
  /** Wrong passwords for one account from one address (failures only: limitFailuresPer). */
  signInFailuresPerUsernameAndAddress: { max: 5, timeWindow: 15 * MINUTE_MS },
  registrationPerAddress: { max: 10, timeWindow: MINUTE_MS },
  passwordResetPerAddress: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Reset links to one inbox asked for from one address. */
  passwordResetPerEmailAndAddress: { max: 3, timeWindow: 15 * MINUTE_MS },
  passwordResetConfirmPerAddress: { max: 10, timeWindow: MINUTE_MS },
  /** Email change links: per address, and per account (only its signed-in owner can ask). */
  emailChangePerAddress: { max: 10, timeWindow: 15 * MINUTE_MS },
  emailChangePerAccount: { max: 3, timeWindow: 15 * MINUTE_MS },
  emailChangeConfirmPerAddress: { max: 10, timeWindow: MINUTE_MS },
  /** Passwords tried to delete an account, per account: a stolen session cannot guess on. */
  accountDeletionPerAccount: { max: 5, timeWindow: 15 * MINUTE_MS },
  /** 'Send a test to me' from /admin/messages, per organizer: a check or two, never a flood. */
  testMessagePerAccount: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** 'Tell me when passes go on sale' sign-ups from one address (a public write). */
  saleAlertPerAddress: { max: 10, timeWindow: 15 * MINUTE_MS },
  // A pass link carries 256 random bits: the limit stops a flood, guessing cannot succeed anyway.
  claimRedeemPerAddress: { max: 10, timeWindow: MINUTE_MS },
  /** A voucher code is short enough to guess at: tries from one address, right or wrong. */
  voucherRedeemPerAddress: { max: 10, timeWindow: MINUTE_MS },
  /**
   * A shop's private link (reads and pauses together), per link: its page refreshes every 10 s,
   * so several tabs at the till stay well inside; a script holding the link does not.
   */
  shopLinkPerToken: { max: 60, timeWindow: MINUTE_MS },
  /** Shop links asked for from one address, any link, valid or not. */
  shopLinkPerAddress: { max: 120, timeWindow: MINUTE_MS },
  /**
   * Apple Wallet's requests from one address (docs/decisions/0043): a phone asks a few times per
   * update of its passes; a script trying serials or tokens does not get far.
   */
  passKitPerAddress: { max: 120, timeWindow: MINUTE_MS },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The client's address as limits count it (`request.ip`: see TRUST_PROXY in docs/DEPLOY.md). */
export const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

/** A route's limit per client address. */
export function limitPerAddress(name: RateLimitName): RateLimitOptions {
  return {
    ...RATE_LIMITS[name],
    keyGenerator: (request) => `${name}:${addressOf(request)}`,
  };
}

/**
 * A second limit on one route, keyed on something in the body (a username, an email address)
 * or the session (an account), as a preHandler: it runs after validation and the route's guards,
 * so `keyOf` reads a checked body and a known member, and the plugin runs only one limiter per
 * request by itself. Keys are case-insensitive.
 */
export function limitPer<Body>(
  app: FastifyInstance,
  name: RateLimitName,
  keyOf: (body: Body, request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({
    ...RATE_LIMITS[name],
    keyGenerator: (request) => `${name}:${keyOf(request.body as Body, request).toLowerCase()}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttlInSeconds);
  };
}

/**
 * A limit on failures only, keyed on something in the body: `check` (a preHandler) refuses once
 * `max` failures are counted in the window, and the route calls `recordFailure` when the attempt
 * fails. Sign-ins that succeed never count, so an account's owner signing in often is never
 * limited; guessing is.
 */
export function limitFailuresPer<Body>(
  app: FastifyInstance,
  name: RateLimitName,
  keyOf: (body: Body, request: FastifyRequest) => string,
) {
  const limiter = app.createRateLimit({
    ...RATE_LIMITS[name],
    keyGenerator: (request) => `${name}:${keyOf(request.body as Body, request).toLowerCase()}`,
  });
  return {
    check: async (request: FastifyRequest) => {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) throw tooManyAttempts(state.ttlInSeconds);
    },
    recordFailure: async (request: FastifyRequest) => {
      await limiter(request);
    },
  };
}

/**
 * One atomic upsert per hit: a new key or an ended window starts at 1, otherwise the count goes
 * up. Windows run on the database's clock, the one clock all instances share.
 */
export async function countHit(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
    db,
    sql`
    insert into rate_limit_counters as counter (key, hits, window_ends_at)
    values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when counter.window_ends_at <= now() then 1 else counter.hits + 1 end,
      window_ends_at = case when counter.window_ends_at <= now()
        then excluded.window_ends_at else counter.window_ends_at end
    returning hits,
      greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::integer as ttl_ms
  `,
  );
  if (!row) throw new Error(`rate limit counter for ${key} was not written`);
  return { current: Number(row.hits), ttl: Number(row.ttl_ms) };
}

async function readCount(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
    db,
    sql`
      select hits,
        greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::integer as ttl_ms
      from rate_limit_counters where key = ${key} and window_ends_at > now()
    `,
  );
  return row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 };
}

/** @fastify/rate-limit's store interface over the rate_limit_counters table. */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    /** The count in a running window, without counting (limitFailuresPer's check). */
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      readCount(db, key).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    // Keys already carry their limit's name, so every route can share one table.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export interface RateLimitPluginOptions {
  db: Db;
  /** REDIS_URL: counts go to Redis instead of PostgreSQL. */
  redisUrl?: string | undefined;
}

/** The rate-limit plugin with the shared store; routes opt in (`global: false`). */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitPluginOptions) => {
  const common = {
    global: false,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  };
  if (options.redisUrl) {
    // Fail fast while Redis is away rather than queue sign-ins behind reconnects.
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) error'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    await app.register(fastifyRateLimit, { ...common, redis, nameSpace: 'lb-rate-limit:' });
    return;
  }
  await app.register(fastifyRateLimit, { ...common, store: databaseStore(options.db) });
});
