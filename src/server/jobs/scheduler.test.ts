import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { payments, scheduledJobs, sessions } from '../db/schema.ts';
import { insertChallenge } from '#tests/helpers/fixtures.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import {
  testJobDeps,
  signedInMember,
  SECOND_APP_TIMEOUT_MS,
  TEST_ORIGIN,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import { periodicJobs, SANDBOX_CHECKOUT_LIFETIME_MS } from './periodic-jobs.ts';
import { Scheduler, type PeriodicJob } from './scheduler.ts';

const ctx = useTestApp();

const silent = { warn: () => {} };
let jobSequence = 0;

/** A job that records each run, as the real jobs' effects would show. */
function countingJob(intervalMs = 60_000) {
  jobSequence += 1;
  const job = {
    name: `counting-${jobSequence}`,
    intervalMs,
    runs: 0,
    run: async () => {
      job.runs += 1;
    },
  };
  return job;
}

const runsRecorded = async (name: string) => {
  const [row] = await ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row?.runs ?? 0;
};

describe('Scheduler', () => {
  it(
    'runs a tick once across instances that tick at the same moment',
    async () => {
      // Four instances, each with its own connection pool on PostgreSQL.
      const dbs: Db[] = [ctx.db];
      for (let index = 1; index < 4; index += 1)
        dbs.push(usingPostgres ? (await ctx.database.reopen()).db : ctx.db);
      const job = countingJob();
      const schedulers = dbs.map((db) => new Scheduler(db, [job], ctx.clock.now, silent));
      const claimed = await Promise.all(schedulers.map((scheduler) => scheduler.tick(job)));
      expect(claimed.filter(Boolean)).toHaveLength(1);
      expect(job.runs).toBe(1);
      expect(await runsRecorded(job.name)).toBe(1);

      // Later ticks within the interval do nothing, on any instance.
      expect(await Promise.all(schedulers.map((scheduler) => scheduler.tick(job)))).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect(job.runs).toBe(1);
    },
    SECOND_APP_TIMEOUT_MS,
  );

  it('runs the next tick once the interval has passed', async () => {
    const job = countingJob();
    const scheduler = new Scheduler(ctx.db, [job], ctx.clock.now, silent);
    expect(await scheduler.tick(job)).toBe(true);
    await ctx.db
      .update(scheduledJobs)
      .set({ lastRunAt: sql`now() - interval '1 minute'` })
      .where(eq(scheduledJobs.name, job.name));
    expect(await scheduler.tick(job)).toBe(true);
    expect(job.runs).toBe(2);
    expect(await runsRecorded(job.name)).toBe(2);
  });

  it('starts ticking at start and stops at stop', async () => {
    const job = countingJob();
    const scheduler = new Scheduler(ctx.db, [job], ctx.clock.now, silent);
    scheduler.start();
    await expect.poll(() => job.runs, { timeout: 30_000 }).toBe(1);
    await scheduler.stop();
    expect(await runsRecorded(job.name)).toBe(1);
  });

  it('logs a failing job and keeps going', async () => {
    const warnings: string[] = [];
    const failing: PeriodicJob = {
      name: `failing-${(jobSequence += 1)}`,
      intervalMs: 60_000,
      run: () => Promise.reject(new Error('boom')),
    };
    const scheduler = new Scheduler(ctx.db, [failing], ctx.clock.now, {
      warn: (_details, message) => warnings.push(message),
    });
    expect(await scheduler.tick(failing)).toBe(false);
    expect(warnings).toEqual(['periodic job failed']);
  });
});

describe('the scheduler on the server clock', () => {
  it('runs a job at the time the test clock was moved to (POST /api/testing/clock)', async () => {
    await withTestApp({ testClockEnabled: true }, async (movable) => {
      const challenge = await insertChallenge(movable.db, movable.clock.now());
      const { user } = await signedInMember(movable.app);
      await movable.db.insert(payments).values({
        userId: user.id,
        challengeId: challenge.id,
        amountCents: 2500,
        provider: 'sandbox',
        providerSessionId: 'sbx_left_open',
        createdAt: movable.clock.now(),
      });
      // The server's one clock (clock.ts), as main.ts hands it to the app and the scheduler.
      const scheduler = new Scheduler(
        movable.db,
        periodicJobs(movable.db, testJobDeps(movable)),
        movable.clock.now,
        silent,
      );
      const expiry = periodicJobs(movable.db, testJobDeps(movable)).find(
        (job) => job.name === 'sandbox-checkout-expiry',
      )!;
      const status = async () =>
        (await movable.db.select({ status: payments.status }).from(payments))[0]?.status;

      expect(await scheduler.tick(expiry)).toBe(true);
      expect(await status()).toBe('pending');

      const moved = await movable.app.inject({
        method: 'POST',
        url: '/api/testing/clock',
        headers: { origin: TEST_ORIGIN },
        payload: { offsetMs: SANDBOX_CHECKOUT_LIFETIME_MS + 60_000 },
      });
      expect(moved.statusCode).toBe(200);
      await movable.db
        .update(scheduledJobs)
        .set({ lastRunAt: sql`now() - interval '2 hours'` })
        .where(eq(scheduledJobs.name, expiry.name));
      expect(await scheduler.tick(expiry)).toBe(true);
      expect(await status()).toBe('expired');
    });
  });
});

describe('the periodic jobs', () => {
  const job = (name: string) =>
    periodicJobs(ctx.db, testJobDeps(ctx)).find((each) => each.name === name)!;

  it('session-sweep deletes expired sessions only', async () => {
    const now = ctx.clock.now();
    await ctx.db.insert(sessions).values([
      { sid: 'expired-session', data: {}, expiresAt: new Date(now.getTime() - 1000) },
      { sid: 'live-session', data: {}, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await job('session-sweep').run(now);
    const left = (await ctx.db.select({ sid: sessions.sid }).from(sessions)).map((row) => row.sid);
    expect(left).toContain('live-session');
    expect(left).not.toContain('expired-session');
  });

  it('sandbox-checkout-expiry closes sandbox checkouts left pending past their lifetime', async () => {
    const now = ctx.clock.now();
    const challenge = await insertChallenge(ctx.db, now);
    const { user } = await signedInMember(ctx.app);
    const old = new Date(now.getTime() - SANDBOX_CHECKOUT_LIFETIME_MS - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    const base = { userId: user.id, challengeId: challenge.id, amountCents: 2500 };
    const rows = await ctx.db
      .insert(payments)
      .values([
        { ...base, provider: 'sandbox', providerSessionId: 'sbx_old', createdAt: old },
        { ...base, provider: 'sandbox', providerSessionId: 'sbx_recent', createdAt: recent },
        { ...base, provider: 'stripe', providerSessionId: 'cs_old', createdAt: old },
        {
          ...base,
          provider: 'sandbox',
          providerSessionId: 'sbx_old_paid',
          createdAt: old,
          status: 'paid',
        },
      ])
      .returning({ session: payments.providerSessionId });
    expect(rows).toHaveLength(4);
    await job('sandbox-checkout-expiry').run(now);
    const statuses = Object.fromEntries(
      (
        await ctx.db
          .select({ session: payments.providerSessionId, status: payments.status })
          .from(payments)
      ).map((row) => [row.session, row.status]),
    );
    expect(statuses).toEqual({
      sbx_old: 'expired',
      sbx_recent: 'pending',
      cs_old: 'pending',
      sbx_old_paid: 'paid',
    });
  });
});
