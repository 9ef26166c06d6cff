import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, type Database } from '#server/db/client.ts';
import { businesses, coupons, sessions } from '#server/db/schema.ts';
import { seededBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, useTestApp, type TestClient } from '#tests/helpers/test-app.ts';
import { adminUrl, queryRows, usingPostgres, withDatabase } from '#tests/helpers/test-db.ts';
import { buildApp } from '#server/app.ts';
import { checkData } from './check-data.ts';
import { Backups } from './service.ts';
import { restoreBackup, RestoreRefusedError } from './restore.ts';
import { knownMigrations, takeBackup, verifiedManifest, type BackupManifest } from './snapshot.ts';

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

/**
 * docs/decisions/0038: a backup taken before the last migrations restores with this version's
 * code, which brings it forward. The older database is built from a copy of drizzle/ whose journal
 * stops OLDER_BY migrations early, filled with raw SQL of that schema, and backed up by takeBackup.
 */
const OLDER_BY = 3;

describe('an older snapshot', () => {
  const journal = knownMigrations();
  const olderTag = journal.at(-1 - OLDER_BY)!.tag;
  let olderFile = '';
  let ids: { organizer: number; member: number; pass: number; shops: number[]; payout: number };

  /** drizzle/ as an older version shipped it: the same files, a journal without the newest entries. */
  function olderMigrationsFolder(): string {
    const folder = path.join(scratch, 'older-migrations');
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const full = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    full.entries = full.entries.slice(0, -OLDER_BY);
    fs.writeFileSync(journalPath, JSON.stringify(full));
    return folder;
  }

  const one = async (db: Database['db'], query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(db, query))[0]!.id;

  /** What a small battle held at the older schema: a member's pass, a redeem, a vote, a payout. */
  async function fillOlder(db: Database['db']) {
    const organizer = await one(
      db,
      sql`insert into users (username, password_hash, email, is_admin)
          values ('organizer', 'x', 'organizer@example.test', true) returning id`,
    );
    const member = await one(
      db,
      sql`insert into users (username, password_hash, email)
          values ('member', 'x', 'member@example.test') returning id`,
    );
    const challenge = await one(
      db,
      sql`insert into challenges (title, description, start_date, end_date, price, active)
          values ('Older battle', 'Taken before the last migrations', now() - interval '1 day',
            now() + interval '30 days', 1500, true) returning id`,
    );
    const shops: number[] = [];
    for (const [index, code] of ['1111', '2222', '3333'].entries())
      shops.push(
        await one(
          db,
          sql`insert into businesses (challenge_id, name, description, address, redemption_code, position)
              values (${challenge}, ${`Shop ${index + 1}`}, 'A shop', 'Main Street', ${code}, ${index})
              returning id`,
        ),
      );
    const payment = await one(
      db,
      sql`insert into payments (provider, provider_session_id, user_id, challenge_id, amount_cents, status)
          values ('stripe', 'cs_older', ${member}, ${challenge}, 1500, 'paid') returning id`,
    );
    const pass = await one(
      db,
      sql`insert into passes (user_id, challenge_id, payment_id, active)
          values (${member}, ${challenge}, ${payment}, true) returning id`,
    );
    // Two coupons redeemed, one vote cast: one vote is still the member's to cast.
    for (const [index, shop] of shops.entries())
      await db.execute(
        sql`insert into coupons (pass_id, business_id, redeemed, redeemed_at)
            values (${pass}, ${shop}, ${index < 2}, ${index < 2 ? sql`now()` : null})`,
      );
    await db.execute(sql`insert into votes (pass_id, business_id) values (${pass}, ${shops[0]})`);
    await db.execute(sql`update businesses set vote_count = 1 where id = ${shops[0]}`);
    const payout = await one(
      db,
      sql`insert into payouts (business_id, amount_dollars, paid_by, note)
          values (${shops[0]}, 50, ${organizer}, 'prize') returning id`,
    );
    await db.execute(
      sql`insert into sessions (sid, data, expires_at)
          values ('older-session', ${JSON.stringify({ userId: member })}::jsonb, now() + interval '1 day')`,
    );
    return { organizer, member, pass, shops, payout };
  }

  beforeAll(async () => {
    const folder = olderMigrationsFolder();
    const source = await freshTarget();
    const older = await openTarget(source);
    try {
      if (older.pglite)
        await migratePglite(drizzlePglite(older.pglite), { migrationsFolder: folder });
      else {
        // The database's own pool is not exposed: a second one, on the test's own database.
        const pool = new pg.Pool({ connectionString: source.databaseUrl, max: 1 });
        try {
          await migratePg(drizzlePg(pool), { migrationsFolder: folder });
        } finally {
          await pool.end();
        }
      }
      ids = await fillOlder(older.db);
      const taken = await takeBackup(older, {
        dir: scratch,
        out: path.join(scratch, `older${usingPostgres ? '.pgdump' : '.pglite.tar.gz'}`),
        databaseUrl: source.databaseUrl,
      });
      olderFile = taken.path;
    } finally {
      await older.close();
    }
  }, 120_000);

  it('restores, migrates to the newest migration, keeps its data, and the invariants hold', async () => {
    expect(olderTag).not.toBe(journal.at(-1)!.tag);
    const target = await freshTarget();
    const result = await restoreBackup({ file: olderFile, force: false, ...target, log: () => {} });
    expect(result.manifest.lastMigration).toBe(olderTag);
    expect(result.sessionsEnded).toBe(1);
    expect(result.check).toMatchObject({ ok: true, problems: [] });

    const restored = await openTarget(target);
    try {
      const db = restored.db;
      const [applied] = await queryRows<{ count: number; last: string }>(
        db,
        sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual({ count: journal.length, last: String(journal.at(-1)!.when) });

      expect(
        await queryRows(db, sql`select username, is_admin from users order by id`),
      ).toEqual([
        { username: 'organizer', is_admin: true },
        { username: 'member', is_admin: false },
      ]);
      expect(
        await queryRows(
          db,
          sql`select business_id, redeemed from coupons where pass_id = ${ids.pass} order by business_id`,
        ),
      ).toEqual(ids.shops.map((shop, index) => ({ business_id: shop, redeemed: index < 2 })));
      expect(
        await queryRows(db, sql`select id, vote_count from businesses order by id`),
      ).toEqual(ids.shops.map((id, index) => ({ id, vote_count: index === 0 ? 1 : 0 })));
      expect(await db.select().from(sessions)).toEqual([]);

      // The newest migrations work on the older rows: the payout taken before 0018 can be voided
      // once and is kept as recorded after; the current rules cast the member's remaining vote.
      await db.execute(
        sql`update payouts set voided_at = now(), voided_by = ${ids.organizer}, void_reason = 'paid twice'
            where id = ${ids.payout}`,
      );
      await expect(
        db.execute(sql`update payouts set note = 'rewritten' where id = ${ids.payout}`),
      ).rejects.toThrow();
      const [vote] = await queryRows<{ result: { outcome: string } }>(
        db,
        sql`select cast_vote(${ids.member}, ${ids.shops[1]}, now()) as result`,
      );
      expect(vote!.result.outcome).toBe('voted');
      expect(await checkData(db)).toMatchObject({ ok: true, problems: [] });
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a snapshot from a newer version, --force or not, and changes nothing', async () => {
    const target = await freshTarget();
    await restoreBackup({ file: olderFile, force: false, ...target, log: () => {} });
    const contents = async () => {
      const database = await openTarget(target);
      try {
        return await queryRows(
          database.db,
          sql`select (select count(*)::int from users) as users,
                (select count(*)::int from votes) as votes,
                (select max(created_at)::text from drizzle.__drizzle_migrations) as migration`,
        );
      } finally {
        await database.close();
      }
    };
    const before = await contents();

    const newer = path.join(fs.mkdtempSync(path.join(scratch, 'newer-')), path.basename(olderFile));
    fs.copyFileSync(olderFile, newer);
    const manifest = JSON.parse(fs.readFileSync(`${olderFile}.json`, 'utf8')) as BackupManifest;
    fs.writeFileSync(
      `${newer}.json`,
      JSON.stringify({ ...manifest, appVersion: '99.0.0', lastMigration: '9999_from_the_future' }),
    );
    for (const force of [false, true]) {
      const attempt = restoreBackup({ file: newer, force, ...target, log: () => {} });
      await expect(attempt).rejects.toThrow(RestoreRefusedError);
      await expect(attempt).rejects.toThrow(
        /comes from a newer version of Local Battles \(app 99\.0\.0, migration 9999_from_the_future\); this version knows migrations up to \d{4}_.*Nothing was changed/,
      );
    }
    expect(await contents()).toEqual(before);
    // Nothing moved aside either: the embedded data directory is the one the first restore made.
    expect(fs.readdirSync(target.dataDir).filter((name) => name.includes('replaced'))).toEqual([]);
  }, 120_000);
});
