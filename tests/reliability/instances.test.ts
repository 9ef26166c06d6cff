import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { scheduledJobs, sessions } from '#server/db/schema.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limits.ts';
import { startInstances, type Instances } from '#tests/helpers/instances.ts';
import { migratedPostgresDatabase } from '#tests/helpers/server-process.ts';
import { recordFigure } from './figures.ts';

/**
 * Two production server processes over one PostgreSQL, as behind a load balancer
 * (docs/DEPLOY.md): the sign-in limits hold across both and across a restart, and periodic
 * work runs once, not once per instance.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const METRICS_TOKEN = 'reliability-metrics-token-0123456789';

let database: Database;
let instances: Instances;

beforeAll(async () => {
  // Migrated first, as a deploy does; then the instances.
  const fresh = await migratedPostgresDatabase(
    serverUrl,
    `lb_reliability_instances_${randomBytes(3).toString('hex')}`,
  );
  database = fresh.database;
  const { databaseUrl } = fresh;
  await database.db.insert(sessions).values({
    sid: 'expired-before-start',
    data: {},
    expiresAt: new Date(Date.now() - 60_000),
  });
  instances = await startInstances({ count: 2, databaseUrl, env: { METRICS_TOKEN } });
}, 180_000);

afterAll(async () => {
  await instances?.stopAll();
  await database?.close();
});

/** A sign-in attempt as a client behind the proxy on this host (TRUST_PROXY's default). */
async function attemptLogin(url: string, username: string, clientAddress: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': clientAddress,
    },
    body: JSON.stringify({ username, password: 'wrong-password' }),
  });
  return response.status;
}

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe('two instances over one PostgreSQL', () => {
  it('are both ready', async () => {
    for (const url of instances.urls) {
      const response = await fetch(`${url}/api/health/ready`);
      expect(response.status).toBe(200);
    }
  });

  it('share the per-address sign-in limit', async () => {
    const address = randomAddress();
    const max = RATE_LIMITS.signInPerAddress.max;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < max + 2; attempt += 1)
      statuses.push(
        await attemptLogin(instances.urls[attempt % 2]!, `user_${attempt}_${address}`, address),
      );
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429, 429]);
    recordFigure('shared-limits', {
      instances: 2,
      signInAttemptsAllowedPerAddressPerMinute: statuses.filter((status) => status === 401).length,
    });
  });

  it('share the per-username-and-address sign-in limit, also across a restart of one instance', async () => {
    const username = `victim_${randomBytes(3).toString('hex')}`;
    const address = randomAddress();
    const max = RATE_LIMITS.signInFailuresPerUsernameAndAddress.max;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < max - 2; attempt += 1)
      statuses.push(await attemptLogin(instances.urls[attempt % 2]!, username, address));
    await instances.restart(1);
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push(await attemptLogin(instances.urls[attempt % 2]!, username, address));
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429, 429]);
  }, 180_000);

  it('ran each periodic job once, not once per instance', async () => {
    const rows = await database.db.select().from(scheduledJobs);
    expect(Object.fromEntries(rows.map((row) => [row.name, row.runs]))).toEqual({
      'data-retention': 1,
      'draw-reveal': 1,
      'pass-reminders': 1,
      'results-publish': 1,
      'sale-alerts': 1,
      'session-sweep': 1,
      'rate-limit-sweep': 1,
      'sandbox-checkout-expiry': 1,
      'wallet-updates': 1,
    });
    const left = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, 'expired-before-start'));
    expect(left).toEqual([]);
    recordFigure('one-sweep', {
      instancesStarted: 3,
      sessionSweepRuns: rows.find((row) => row.name === 'session-sweep')?.runs,
    });
  });

  it('each report metrics to the bearer of the token only', async () => {
    for (const url of instances.urls) {
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toMatch(/^lb_db_pool_connections\{state="total"\} \d+$/m);
      expect(body).toMatch(/^lb_mail_outbox_unsent \d+$/m);
    }
  });
});
