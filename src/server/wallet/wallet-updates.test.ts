import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletPasses, walletRegistrations, type Business } from '#server/db/schema.ts';
import { setPassCounted } from '#server/passes/switch.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, TestClient, testJobDeps, useTestApp } from '#tests/helpers/test-app.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  openPkpass,
  testWalletEnv,
  TEST_PASS_TYPE_ID,
} from '#tests/helpers/wallet-certificates.ts';
import { walletSettingsOf } from './settings.ts';
import { WalletOutboxWorker, WalletUpdates } from './updates.ts';

/** A local HTTP/2 server standing in for APNs: it checks the client certificate and records pushes. */
interface Push {
  path: string;
  topic: string | undefined;
  body: string;
  clientUid: string | undefined;
}
const certs = makeTestWalletCertificates();
const pushes: Push[] = [];
/** Statuses to answer the next pushes with (200 once empty). */
const nextStatuses: number[] = [];
const apns = http2.createSecureServer({
  key: certs.serverKeyPem,
  cert: certs.serverCertificatePem,
  ca: certs.caPem,
  requestCert: true,
  rejectUnauthorized: true,
});
apns.on('stream', (stream, headers) => {
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (body += chunk));
  stream.on('end', () => {
    const socket = stream.session?.socket as TLSSocket | undefined;
    pushes.push({
      path: String(headers[':path']),
      topic: headers['apns-topic'] as string | undefined,
      body,
      clientUid: socket?.getPeerCertificate().subject.UID as string | undefined,
    });
    const status = nextStatuses.shift() ?? 200;
    stream.respond({ ':status': status, 'content-type': 'application/json' });
    stream.end(
      status === 200
        ? ''
        : JSON.stringify({ reason: status === 410 ? 'Unregistered' : 'InternalServerError' }),
    );
  });
});
await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
const apnsHost = `https://127.0.0.1:${(apns.address() as AddressInfo).port}`;

const wallet = walletSettingsOf(
  testWalletEnv(certs, makeTestServiceAccount().json, { APNS_HOST: apnsHost }),
);
const ctx = useTestApp({ wallet });
const silent = { warn: () => {} };
const context = {
  siteName: 'Local Battles',
  siteUrl: 'http://localhost',
};
const RETRY_BASE_MS = 50;
const newWorker = () =>
  new WalletOutboxWorker(
    ctx.db,
    ctx.clock.now,
    { apple: wallet.apple, google: null, context, apnsCa: certs.caPem, retryBaseMs: RETRY_BASE_MS },
    silent,
  );

let updates: WalletUpdates;
let worker: WalletOutboxWorker;
let holder: Awaited<ReturnType<typeof signedInPassHolder>>;
let shops: Business[];
let challengeId: number;
const PUSH_TOKEN = '0123456789abcdef'.repeat(4);

afterAll(async () => {
  await updates.close();
  await new Promise((resolve) => apns.close(resolve));
  certs.remove();
});

beforeAll(async () => {
  ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  const challenge = await insertChallenge(ctx.db, ctx.clock.now());
  challengeId = challenge.id;
  shops = [
    await insertBusiness(ctx.db, challenge.id, { latitude: 41.88, longitude: -87.63 }),
    await insertBusiness(ctx.db, challenge.id, { latitude: 41.89, longitude: -87.62 }),
  ];
  holder = await signedInPassHolder(ctx, challenge.id);
  const pass = openPkpass((await holder.client.get('/api/user/pass/wallet.pkpass')).rawPayload);
  pass.remove();
  const registered = await new TestClient(ctx.app).request({
    method: 'POST',
    url: `/api/passkit/v1/devices/device0001/registrations/${TEST_PASS_TYPE_ID}/${String(pass.passJson.serialNumber)}`,
    headers: { authorization: `ApplePass ${String(pass.passJson.authenticationToken)}` },
    payload: { pushToken: PUSH_TOKEN },
  });
  expect(registered.statusCode).toBe(201);
  worker = newWorker();
  updates = new WalletUpdates(ctx.db, ctx.changes, ctx.clock.now, () => {}, silent);
});

const walletRow = async () => {
  const [row] = await ctx.db
    .select()
    .from(walletPasses)
    .where(eq(walletPasses.passId, holder.pass.id));
  return row!;
};

/** Waits until the change feed's notice has marked the pass (its pushes fall due). */
async function markedAfter(before: Date) {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const row = await walletRow();
    if (row.pushDueAt && row.updatedAt > before) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the pass was not marked');
}

describe('wallet updates: marked from the change feed, pushed through the outbox (docs/decisions/0043)', () => {
  it('a redeem marks the pass and sends an empty push with the Pass Type ID as topic, with the pass certificate', async () => {
    const before = (await walletRow()).updatedAt;
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shops[0]!.redemptionCode,
    });
    expect(redeemed.statusCode).toBe(200);
    await markedAfter(before);
    expect(await worker.runOnce()).toBe(1);
    expect(pushes).toEqual([
      {
        path: `/3/device/${PUSH_TOKEN}`,
        topic: TEST_PASS_TYPE_ID,
        body: '{}',
        clientUid: TEST_PASS_TYPE_ID,
      },
    ]);
    expect(await walletRow()).toMatchObject({ pushDueAt: null, pushAttempts: 0 });
    expect(await worker.runOnce()).toBe(0);
  });

  it('a vote marks it again; a failed push is retried, also by a worker started after a restart', async () => {
    pushes.length = 0;
    const before = (await walletRow()).updatedAt;
    const voted = await holder.client.post('/api/vote', { businessId: shops[1]!.id });
    expect(voted.statusCode).toBe(200);
    await markedAfter(before);
    nextStatuses.push(500);
    expect(await worker.runOnce()).toBe(1);
    const failed = await walletRow();
    expect(failed.pushAttempts).toBe(1);
    expect(failed.pushDueAt).not.toBeNull();
    // The old worker is gone; a new one finds the due push in the database once its wait is over.
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 3));
    expect(await newWorker().runOnce()).toBe(1);
    expect(pushes.map((push) => push.path)).toEqual([
      `/3/device/${PUSH_TOKEN}`,
      `/3/device/${PUSH_TOKEN}`,
    ]);
    expect(await walletRow()).toMatchObject({ pushDueAt: null, pushAttempts: 0 });
  });

  it('a shop added by the organizer marks the pass (one more coupon left)', async () => {
    const before = (await walletRow()).updatedAt;
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const added = await admin.post('/api/admin/businesses', {
      challengeId,
      name: 'New Roaster',
      description: 'd',
      address: '2 Main St',
      position: 5,
    });
    expect(added.statusCode, added.body).toBe(201);
    await markedAfter(before);
    expect(await worker.runOnce()).toBe(1);
    const removedBefore = (await walletRow()).updatedAt;
    const removed = await admin.delete(`/api/admin/businesses/${added.json<{ id: number }>().id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await markedAfter(removedBefore);
    expect(await worker.runOnce()).toBe(1);
  });

  it('a refund (the passes trigger) marks the pass; a device APNs calls gone is forgotten', async () => {
    pushes.length = 0;
    const before = (await walletRow()).updatedAt;
    await setPassCounted(
      ctx.db,
      holder.pass.id,
      { counted: false, reason: 'Refunded' },
      { now: ctx.clock.now() },
    );
    await markedAfter(before);
    nextStatuses.push(410);
    expect(await worker.runOnce()).toBe(1);
    expect(pushes).toHaveLength(1);
    expect(await ctx.db.select().from(walletRegistrations)).toEqual([]);
    expect(await walletRow()).toMatchObject({ pushDueAt: null });
  });

  it("the battle's end marks the pass within the scheduled job's minute, with no write at all", async () => {
    const before = (await walletRow()).updatedAt;
    const job = periodicJobs(ctx.db, testJobDeps(ctx)).find(
      (each) => each.name === 'wallet-updates',
    )!;
    expect(job.intervalMs).toBe(60_000);
    await job.run(ctx.clock.now());
    expect((await walletRow()).updatedAt).toEqual(before);
    // A day after the end (the battle ran from a day before the clock's start for 30 days).
    ctx.clock.set(new Date('2026-12-20T18:00:00Z'));
    await job.run(ctx.clock.now());
    expect(await markedAfter(before)).toMatchObject({ pushAttempts: 0 });
  });
});
