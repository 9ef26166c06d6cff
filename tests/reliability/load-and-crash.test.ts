import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkData } from '#server/backups/check-data.ts';
import type { Database } from '#server/db/client.ts';
import { businesses } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { EventStreamReader } from '#tests/helpers/event-stream.ts';
import { startInstances, type Instances } from '#tests/helpers/instances.ts';
import { migratedPostgresDatabase } from '#tests/helpers/server-process.ts';
import { HttpMember } from './http-member.ts';
import { recordFigure } from './figures.ts';

/**
 * 200 members do the whole journey at once against two server instances on one PostgreSQL;
 * one instance is killed with SIGKILL in the middle and restarted. Afterwards every write that
 * was acknowledged is in the database, the money-and-votes invariants hold, and the live vote
 * counts both instances stream (GET /api/votes/stream) equal the database.
 */
const MEMBERS = 200;
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Database;
let instances: Instances;
const codes = new Map<number, string>();

beforeAll(async () => {
  const fresh = await migratedPostgresDatabase(serverUrl, 'lb_reliability_load');
  database = fresh.database;
  const { databaseUrl } = fresh;
  await seedDemoData(database.db, new Date());
  for (const shop of await database.db.select().from(businesses))
    codes.set(shop.id, shop.redemptionCode);
  instances = await startInstances({ count: 2, databaseUrl });
}, 120_000);

afterAll(async () => {
  await instances?.stopAll();
  await database?.close();
});

interface Acknowledged {
  registered: string[];
  passes: string[];
  redeemedCoupons: number[];
  votesByUser: Map<string, number>;
}

type VoteCounts = Record<string, number>;

type Coupon = { id: number; businessId: number; redeemed: boolean };

async function journey(member: HttpMember, acknowledged: Acknowledged, onRegistered: () => void) {
  const registration = await member.call('POST', '/api/register', {
    username: member.username,
    email: `${member.username}@example.com`,
    fullName: 'Load Member',
    password: 'password123',
  });
  if (registration.status === 201) acknowledged.registered.push(member.username);
  // 409: the account was made by a request whose answer the crash swallowed; sign in, as a person would.
  else if (registration.status !== 409) return;
  if (registration.status === 409) {
    const login = await member.call('POST', '/api/login', {
      username: member.username,
      password: 'password123',
    });
    if (login.status !== 200) return;
  }
  onRegistered();

  const checkout = await member.call('POST', '/api/create-checkout-session');
  if (checkout.status !== 200) return;
  const sessionId = new URL((checkout.body as { url: string }).url, 'http://x').pathname
    .split('/')
    .at(-1)!;
  const paid = await member.call('POST', `/api/sandbox/checkout/${sessionId}`, { action: 'pay' });
  if (paid.status !== 200) return;
  const verified = await member.call('GET', `/api/verify-checkout?session_id=${sessionId}`);
  if (verified.status === 200 && (verified.body as { success: boolean }).success)
    acknowledged.passes.push(member.username);

  const coupons = await member.call('GET', '/api/user/coupons');
  if (coupons.status !== 200) return;
  const chosen = (coupons.body as Coupon[]).sort(() => Math.random() - 0.5).slice(0, 3);
  for (const coupon of chosen) {
    const redeemed = await member.call('POST', `/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: codes.get(coupon.businessId),
    });
    if (redeemed.status === 200) acknowledged.redeemedCoupons.push(coupon.id);
  }
  const shopIds = [...codes.keys()];
  for (let vote = 0; vote < 4; vote += 1) {
    const businessId = shopIds[Math.floor(Math.random() * shopIds.length)];
    const cast = await member.call('POST', '/api/vote', { businessId });
    if (cast.status === 200 || cast.status === 201) {
      acknowledged.votesByUser.set(
        member.username,
        (acknowledged.votesByUser.get(member.username) ?? 0) + 1,
      );
    }
  }
  await member.call('GET', '/api/votes');
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('load with invariants, with a crash in the middle', () => {
  it('loses no acknowledged write and keeps every invariant', async () => {
    const live = () =>
      instances.servers
        .filter(
          (instance) => instance.process.exitCode === null && instance.process.signalCode === null,
        )
        .map((instance) => instance.url);
    const acknowledged: Acknowledged = {
      registered: [],
      passes: [],
      redeemedCoupons: [],
      votesByUser: new Map(),
    };
    const members = Array.from(
      { length: MEMBERS },
      (_, index) =>
        new HttpMember(
          `load_${index}_${Date.now().toString(36)}`,
          `198.51.${index >> 8}.${index & 255}`,
          live,
        ),
    );

    // A screen watching the standings on the instance that survives, from before the load.
    const survivorStream = await EventStreamReader.open<VoteCounts>(
      `${instances.urls[1]}/api/votes/stream`,
    );
    let crashed: Promise<void> | undefined;
    const crashMidway = () => {
      if (crashed || acknowledged.registered.length < MEMBERS / 2) return;
      crashed = (async () => {
        await instances.servers[0]!.kill();
        await instances.restart(0);
      })();
    };
    const started = performance.now();
    await Promise.all(members.map((member) => journey(member, acknowledged, crashMidway)));
    await crashed;
    const seconds = (performance.now() - started) / 1000;

    const statuses = members.flatMap((member) => member.statuses);
    const serverErrors = statuses.filter((status) => status >= 500);
    recordFigure('load', {
      members: MEMBERS,
      instances: 2,
      requests: statuses.length,
      seconds: Number(seconds.toFixed(1)),
      serverErrors: serverErrors.length,
      registered: acknowledged.registered.length,
      passes: acknowledged.passes.length,
      redemptions: acknowledged.redeemedCoupons.length,
      votes: [...acknowledged.votesByUser.values()].reduce((sum, count) => sum + count, 0),
      crashedInstanceRestarted: crashed !== undefined,
      answers: Object.entries(
        members
          .flatMap((member) => member.outcomes)
          .reduce<Record<string, number>>((counts, outcome) => {
            counts[outcome] = (counts[outcome] ?? 0) + 1;
            return counts;
          }, {}),
      )
        .sort()
        .map(([outcome, count]) => `${outcome}: ${count}`)
        .join('; '),
    });

    expect(crashed, 'an instance was killed mid-load').toBeDefined();
    expect(serverErrors).toEqual([]);
    expect(acknowledged.passes.length).toBeGreaterThan(MEMBERS * 0.9);
    expect(acknowledged.redeemedCoupons.length).toBeGreaterThan(MEMBERS);

    const { db } = database;
    // Every acknowledged write is present.
    const users = rows<{ username: string }>(await db.execute(sql`select username from users`)).map(
      (row) => row.username,
    );
    expect(users).toEqual(expect.arrayContaining(acknowledged.registered));
    const holders = rows<{ username: string }>(
      await db.execute(
        sql`select u.username from passes p join users u on u.id = p.user_id where p.active`,
      ),
    ).map((row) => row.username);
    expect(holders).toEqual(expect.arrayContaining(acknowledged.passes));
    const redeemed = new Set(
      rows<{ id: number }>(await db.execute(sql`select id from coupons where redeemed`)).map(
        (row) => row.id,
      ),
    );
    expect(acknowledged.redeemedCoupons.filter((id) => !redeemed.has(id))).toEqual([]);
    // No coupon was acknowledged twice.
    expect(new Set(acknowledged.redeemedCoupons).size).toBe(acknowledged.redeemedCoupons.length);
    const storedVotes = new Map(
      rows<{ username: string; votes: number }>(
        await db.execute(
          sql`select u.username, count(v.id)::int as votes from votes v join passes p on p.id = v.pass_id join users u on u.id = p.user_id group by u.username`,
        ),
      ).map((row) => [row.username, row.votes]),
    );
    for (const [username, count] of acknowledged.votesByUser)
      expect(storedVotes.get(username) ?? 0).toBeGreaterThanOrEqual(count);

    // The money-and-votes invariants, as `npm run check-data` checks them (one home).
    expect((await checkData(db)).problems).toEqual([]);

    // Public totals equal the stored votes once the one-second public read cache has turned over.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const publicTotals = (await (await fetch(`${live()[0]}/api/votes`)).json()) as Record<
      string,
      number
    >;
    const stored = Object.fromEntries(
      rows<{ business_id: number; votes: number }>(
        await db.execute(
          sql`select v.business_id, count(*)::int as votes from votes v join passes p on p.id = v.pass_id where p.active group by v.business_id`,
        ),
      ).map((row) => [String(row.business_id), row.votes]),
    );
    for (const [shopId, count] of Object.entries(publicTotals))
      expect(count).toBe(stored[shopId] ?? 0);

    // Live standings: the survivor's stream (open through the load and the crash) and a screen
    // that reconnects to the restarted instance both arrive at the database's counts.
    const sameAsStored = (counts: VoteCounts) =>
      Object.entries(counts).every(([shopId, count]) => count === (stored[shopId] ?? 0));
    const restartedStream = await EventStreamReader.open<VoteCounts>(
      `${instances.urls[0]}/api/votes/stream`,
    );
    try {
      await expect(survivorStream.waitFor(sameAsStored)).resolves.toBeDefined();
      await expect(restartedStream.waitFor(sameAsStored)).resolves.toBeDefined();
      expect(Object.keys(survivorStream.latest!).sort()).toEqual(Object.keys(publicTotals).sort());
      recordFigure('live-counts-after-crash', {
        instances: 2,
        survivorStreamMessages: survivorStream.messages.length,
        bothStreamsEqualTheDatabase: true,
      });
    } finally {
      survivorStream.close();
      restartedStream.close();
    }
  }, 300_000);
});
