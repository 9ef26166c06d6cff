import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { businesses, coupons, sessions } from '#server/db/schema.ts';
import { seededBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, useTestApp, type TestClient } from '#tests/helpers/test-app.ts';
import { adminUrl, queryRows, usingPostgres, withDatabase } from '#tests/helpers/test-db.ts';
import { buildApp } from '#server/app.ts';
import { checkData } from './check-data.ts';
import { Backups } from './service.ts';
import { restoreBackup, RestoreRefusedError } from './restore.ts';
import { verifiedManifest } from './snapshot.ts';

/**
 * docs/decisions/0038: a backup taken by the running server during a burst of redeems and votes
 * holds every write acknowledged before its instant, restores into a fresh database of the same
 * kind (PGlite here, PostgreSQL when DATABASE_URL is set), and the invariants hold there.
 */
const ctx = useTestApp();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-restore-'));
const createdDatabases: string[] = [];

afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!usingPostgres) return;
  const admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  await admin.connect();
  try {
    for (const name of createdDatabases)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
});

/** A fresh restore target of the test's kind: an empty data directory or an empty database. */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
  if (!usingPostgres) return { dataDir };
  const name = `lb_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  createdDatabases.push(name);
  return { dataDir, databaseUrl: withDatabase(process.env.DATABASE_URL!, name) };
}

const openTarget = (target: { dataDir: string; databaseUrl?: string }) =>
  openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 1 });

interface Holder {
  client: TestClient;
  passId: number;
  coupons: { id: number; businessId: number }[];
}

interface Ack {
  at: number;
  kind: 'redeem' | 'vote';
  passId: number;
  couponId?: number;
}

let admin: TestClient;
let holders: Holder[];
let codes: Map<number, string>;
let shopIds: number[];
let challengeId: number;

beforeAll(async () => {
  const challenge = await seededBattle(ctx);
  challengeId = challenge.id;
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  const shops = await ctx.db
    .select()
    .from(businesses)
    .where(eq(businesses.challengeId, challenge.id));
  codes = new Map(shops.map((shop) => [shop.id, shop.redemptionCode]));
  shopIds = shops.map((shop) => shop.id);
  holders = [];
  for (let index = 0; index < 8; index += 1) {
    const { client, pass } = await signedInPassHolder(ctx, challenge.id);
    const own = await ctx.db
      .select({ id: coupons.id, businessId: coupons.businessId })
      .from(coupons)
      .where(eq(coupons.passId, pass.id));
    holders.push({ client, passId: pass.id, coupons: own });
  }
}, 60_000);

/** A member redeems one of their coupons and votes: each write acknowledged is recorded. */
async function redeemAndVote(holder: Holder, coupon: Holder['coupons'][number], acks: Ack[]) {
  const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
    redemptionCode: codes.get(coupon.businessId),
  });
  if (redeemed.statusCode === 200)
    acks.push({ at: Date.now(), kind: 'redeem', passId: holder.passId, couponId: coupon.id });
  const voted = await holder.client.post('/api/vote', {
    businessId: shopIds[Math.floor(Math.random() * shopIds.length)],
  });
  if (voted.statusCode === 200 || voted.statusCode === 201)
    acks.push({ at: Date.now(), kind: 'vote', passId: holder.passId });
}

/** A member's burst: their next coupons in turn, until `stop` says the backup has answered. */
async function burst(holder: Holder, coupons: Holder['coupons'], acks: Ack[], stop: () => boolean) {
  for (const coupon of coupons) {
    if (stop()) return;
    await redeemAndVote(holder, coupon, acks);
  }
}

describe('backup and restore', () => {
  let backupFile = '';
  let acksBefore: Ack[] = [];

  it('takes a snapshot during a burst of redeems and votes that restores with every acknowledged write', async () => {
    const acks: Ack[] = [];
    // Writes surely before the snapshot, then writes racing it until its answer, then one write
    // per member surely after it: the first must be in the restore, the last must not.
    await Promise.all(holders.map((holder) => redeemAndVote(holder, holder.coupons[0]!, acks)));
    let answered = false;
    const writers = holders.map((holder) =>
      burst(holder, holder.coupons.slice(1, -1), acks, () => answered),
    );
    const backup = await admin.post('/api/admin/backups');
    answered = true;
    await Promise.all(writers);
    expect(backup.statusCode, backup.body).toBe(201);
    const taken = backup.json<{ file: string; createdAt: string; sizeBytes: number }>();
    const instant = Date.parse(taken.createdAt);
    acksBefore = acks.filter((ack) => ack.at < instant);
    expect(acksBefore.length).toBeGreaterThanOrEqual(holders.length);
    const afterAnswer: Ack[] = [];
    await Promise.all(holders.map((holder) => redeemAndVote(holder, holder.coupons.at(-1)!, afterAnswer)));
    expect(afterAnswer.filter((ack) => ack.kind === 'redeem')).toHaveLength(holders.length);

    backupFile = path.join(ctx.backups.settings.dir, taken.file);
    const manifest = await verifiedManifest(backupFile);
    expect(manifest.sizeBytes).toBe(taken.sizeBytes);
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.rowCounts.users).toBeGreaterThan(holders.length);
    expect(manifest.format).toBe(usingPostgres ? 'pg_dump-custom' : 'pglite-datadir');

    const status = (await admin.get('/api/admin/backups')).json<{
      last: { file: string } | null;
      stale: boolean;
    }>();
    expect(status.last?.file).toBe(taken.file);
    expect(status.stale).toBe(false);

    const target = await freshTarget();
    const result = await restoreBackup({
      file: backupFile,
      force: false,
      ...target,
      log: () => {},
    });
    expect(result.replaced).toBeNull();
    expect(result.check).toMatchObject({ ok: true, problems: [] });

    const restored: Database = await openTarget(target);
    try {
      const redeemed = new Set(
        (
          await restored.db
            .select({ id: coupons.id })
            .from(coupons)
            .where(eq(coupons.redeemed, true))
        ).map((row) => row.id),
      );
      const missingRedeems = acksBefore.filter(
        (ack) => ack.kind === 'redeem' && !redeemed.has(ack.couponId!),
      );
      expect(missingRedeems).toEqual([]);
      const redeemedAfterAnswer = afterAnswer.filter(
        (ack) => ack.kind === 'redeem' && redeemed.has(ack.couponId!),
      );
      expect(redeemedAfterAnswer).toEqual([]);
      const votesPerPass = new Map(
        (
          await queryRows<{ pass_id: number; votes: number }>(
            restored.db,
            sql`select pass_id, count(*)::int as votes from votes group by pass_id`,
          )
        ).map((row) => [row.pass_id, row.votes]),
      );
      for (const holder of holders) {
        const acknowledged = acksBefore.filter(
          (ack) => ack.kind === 'vote' && ack.passId === holder.passId,
        ).length;
        expect(votesPerPass.get(holder.passId) ?? 0).toBeGreaterThanOrEqual(acknowledged);
      }
      // Every session ended: members sign in again after a restore.
      expect(await restored.db.select().from(sessions)).toEqual([]);
      expect(await checkData(restored.db)).toMatchObject({ ok: true });
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a target that holds data unless forced, and says what --force replaced', async () => {
    const target = await freshTarget();
    await restoreBackup({ file: backupFile, force: false, ...target, log: () => {} });
    await expect(
      restoreBackup({ file: backupFile, force: false, ...target, log: () => {} }),
    ).rejects.toThrow(RestoreRefusedError);
    await expect(
      restoreBackup({ file: backupFile, force: false, ...target, log: () => {} }),
    ).rejects.toThrow(/is not empty \(\d+ users, \d+ challenges, \d+ passes/);

    const forced = await restoreBackup({ file: backupFile, force: true, ...target, log: () => {} });
    expect(forced.replaced).toMatch(/\d+ users/);
    expect(forced.check.ok).toBe(true);
  }, 120_000);

  it('refuses a damaged file', async () => {
    const damaged = path.join(scratch, path.basename(backupFile));
    fs.copyFileSync(backupFile, damaged);
    fs.copyFileSync(`${backupFile}.json`, `${damaged}.json`);
    fs.appendFileSync(damaged, 'x');
    await expect(
      restoreBackup({ file: damaged, force: false, ...(await freshTarget()), log: () => {} }),
    ).rejects.toThrow(/is damaged/);
  });
});

describe('check-data', () => {
  it('reports a vote counter that disagrees with the counted votes', async () => {
    const [shop] = await ctx.db.select().from(businesses).limit(1);
    await ctx.db
      .update(businesses)
      .set({ voteCount: sql`${businesses.voteCount} + 7` })
      .where(eq(businesses.id, shop!.id));
    try {
      const check = await checkData(ctx.db);
      expect(check.ok).toBe(false);
      expect(check.problems.map((problem) => problem.invariant)).toEqual([
        'each shop’s vote counter equals its counted votes',
      ]);
    } finally {
      await ctx.db
        .update(businesses)
        .set({ voteCount: sql`${businesses.voteCount} - 7` })
        .where(eq(businesses.id, shop!.id));
    }
    expect((await checkData(ctx.db)).ok).toBe(true);
  });

  it('reports an active pass without the coupon of a live shop', async () => {
    // A new member's pass: the burst above used the others' coupons.
    const { pass } = await signedInPassHolder(ctx, challengeId);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.passId, pass.id)).limit(1);
    await ctx.db.delete(coupons).where(eq(coupons.id, coupon!.id));
    const check = await checkData(ctx.db);
    await ctx.db.insert(coupons).values(coupon!);
    expect(check.problems.map((problem) => problem.invariant)).toEqual([
      'each active pass holds a coupon per live shop',
    ]);
  });
});

describe('the server’s backups', () => {
  it('keeps the newest BACKUP_KEEP and calls the last one overdue after twice the interval', async () => {
    const hour = 60 * 60 * 1000;
    let now = Date.now();
    const dir = fs.mkdtempSync(path.join(scratch, 'kept-'));
    const backups = new Backups(
      ctx.database,
      { dir, keep: 2, intervalMs: hour, databaseUrl: ctx.database.url },
      () => new Date(now),
    );
    expect(await backups.status()).toMatchObject({ last: null, count: 0, stale: true });
    const taken = [];
    for (let index = 0; index < 3; index += 1) taken.push(await backups.take());
    const status = await backups.status();
    expect(status).toMatchObject({ count: 2, keep: 2, stale: false });
    expect(status.last?.file).toBe(taken[2]!.file);
    expect(fs.existsSync(path.join(dir, taken[0]!.file))).toBe(false);
    now += 2 * hour - 60_000;
    expect((await backups.status()).stale).toBe(false);
    now += 2 * 60_000;
    expect((await backups.status()).stale).toBe(true);
    expect(backups.job()).toMatchObject({ name: 'backup', intervalMs: hour });
    expect(
      new Backups(ctx.database, { dir, keep: 2, intervalMs: null }).job(),
      'no schedule with BACKUP_EVERY=off',
    ).toBeNull();
  }, 60_000);

  it('takes a backup for `npm run backup` with the local token, and for nobody else without a session', async () => {
    const localToken = 'local-token-'.padEnd(43, 'x');
    const backups = new Backups(ctx.database, {
      dir: fs.mkdtempSync(path.join(scratch, 'token-')),
      keep: 2,
      intervalMs: null,
      databaseUrl: ctx.database.url,
      localToken,
    });
    const app = await buildApp({
      db: ctx.db,
      backups,
      config: { clientDir: '/nonexistent' },
      logger: false,
    });
    try {
      const post = (authorization?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/backups',
          headers: authorization ? { authorization } : {},
        });
      expect((await post()).statusCode).toBe(401);
      expect((await post(`Bearer ${localToken}x`)).statusCode).toBe(401);
      expect((await post(`Bearer ${localToken.slice(1)}`)).statusCode).toBe(401);
      const taken = await post(`Bearer ${localToken}`);
      expect(taken.statusCode, taken.body).toBe(201);
      // The token takes backups; reading them stays the organizer's.
      const read = await app.inject({
        method: 'GET',
        url: '/api/admin/backups',
        headers: { authorization: `Bearer ${localToken}` },
      });
      expect(read.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  }, 60_000);
});
