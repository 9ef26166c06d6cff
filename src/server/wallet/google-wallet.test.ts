import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletGoogleVoids, walletPasses, type Business } from '#server/db/schema.ts';
import { setPassCounted } from '#server/passes/switch.ts';
import { REVERSAL_REASONS } from '#server/payments/service.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  testWalletEnv,
  TEST_GOOGLE_ISSUER_ID,
} from '#tests/helpers/wallet-certificates.ts';
import { walletSettingsOf } from './settings.ts';
import { markChangedPasses, WalletOutboxWorker } from './updates.ts';

/** A local server standing in for the Google Wallet REST API: it records the objects put. */
const puts: { url: string; authorization: string | undefined; body: Record<string, unknown> }[] =
  [];
const nextStatuses: number[] = [];
const api = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    puts.push({
      url: `${request.method} ${request.url}`,
      authorization: request.headers.authorization,
      body: JSON.parse(body) as Record<string, unknown>,
    });
    response.writeHead(nextStatuses.shift() ?? 200, { 'content-type': 'application/json' });
    response.end('{}');
  });
});
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));

const certs = makeTestWalletCertificates();
const account = makeTestServiceAccount();
const wallet = walletSettingsOf(
  testWalletEnv(certs, account.json, {
    GOOGLE_WALLET_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
  }),
);
const ctx = useTestApp({ wallet, contactEmail: 'help@battles.example' });
afterAll(async () => {
  certs.remove();
  await new Promise((resolve) => api.close(resolve));
});

let holder: Awaited<ReturnType<typeof signedInPassHolder>>;
let shop: Business;
let challengeId: number;

beforeAll(async () => {
  ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  const challenge = await insertChallenge(ctx.db, ctx.clock.now(), { title: 'Tea Battle' });
  challengeId = challenge.id;
  shop = await insertBusiness(ctx.db, challenge.id, { latitude: 41.88, longitude: -87.63 });
  await insertBusiness(ctx.db, challenge.id);
  holder = await signedInPassHolder(ctx, challenge.id);
});

const walletRow = async (passId = holder.pass.id) =>
  (await ctx.db.select().from(walletPasses).where(eq(walletPasses.passId, passId)))[0];

const RETRY_BASE_MS = 20;
const newWorker = () =>
  new WalletOutboxWorker(
    ctx.db,
    ctx.clock.now,
    {
      apple: null,
      google: wallet.google,
      context: {
        siteName: 'Local Battles',
        siteUrl: 'http://localhost',
      },
      googleAccessToken: async () => 'test-access-token',
      retryBaseMs: RETRY_BASE_MS,
    },
    { warn: () => {} },
  );
const objectPath = (serial: string) =>
  `/walletobjects/v1/genericObject/${TEST_GOOGLE_ISSUER_ID}.${serial}`;

interface SavePayload {
  iss: string;
  aud: string;
  typ: string;
  origins: string[];
  payload: {
    genericClasses: { id: string }[];
    genericObjects: {
      id: string;
      classId: string;
      state: string;
      header: { defaultValue: { language: string; value: string } };
      barcode: { type: string; value: string };
      textModulesData: { id: string; body: string }[];
      locations: unknown[];
    }[];
  };
}

const moduleOf = (object: SavePayload['payload']['genericObjects'][number], id: string) =>
  object.textModulesData.find((each) => each.id === id)?.body;

describe('Google Wallet (docs/decisions/0043)', () => {
  it('sends nothing anywhere before the member taps the button', async () => {
    expect(await walletRow()).toBeUndefined();
    expect((await new TestClient(ctx.app).get('/api/user/pass/google-wallet')).statusCode).toBe(
      401,
    );
    const { client } = await signedInMember(ctx.app);
    expect((await client.get('/api/user/pass/google-wallet')).statusCode).toBe(404);
  });

  it("answers a 'Save to Google Wallet' link whose JWT the service account signed, with the pass's fields", async () => {
    const answer = await holder.client.get('/api/user/pass/google-wallet');
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json<{ url: string }>();
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify<SavePayload>(jwt, account.publicKey, {
      issuer: account.clientEmail,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://localhost']);
    const row = await walletRow();
    expect(row?.googleSavedAt).not.toBeNull();
    const [object] = payload.payload.genericObjects;
    expect(payload.payload.genericClasses).toEqual([
      { id: `${TEST_GOOGLE_ISSUER_ID}.local-battles` },
    ]);
    expect(object).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.${row!.serial}`,
      classId: `${TEST_GOOGLE_ISSUER_ID}.local-battles`,
      state: 'ACTIVE',
      header: { defaultValue: { language: 'en-US', value: 'Tea Battle' } },
      barcode: { type: 'QR_CODE', value: 'http://localhost/profile' },
      locations: [{ latitude: 41.88, longitude: -87.63 }],
    });
    expect(moduleOf(object!, 'coupons')).toBe('2');
    expect(moduleOf(object!, 'votes')).toBe('0');
    expect(moduleOf(object!, 'contact')).toContain('help@battles.example');
    // A key that is not the service account's does not verify it.
    const other = makeTestServiceAccount();
    await expect(jwtVerify(jwt, other.publicKey)).rejects.toThrow();
  });

  it('keeps the saved object current through the REST API, retrying a refusal', async () => {
    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(redeemed.statusCode).toBe(200);
    expect(await markChangedPasses(ctx.db, ctx.clock.now())).toBe(1);
    nextStatuses.push(503);
    await newWorker().runOnce();
    expect((await walletRow())?.googleAttempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 3));
    await newWorker().runOnce();
    const row = await walletRow();
    expect(row).toMatchObject({ googleDueAt: null, googleAttempts: 0 });
    expect(puts).toHaveLength(2);
    for (const put of puts) {
      expect(put.url).toBe(`PUT ${objectPath(row!.serial)}`);
      expect(put.authorization).toBe('Bearer test-access-token');
    }
    const object = puts[1]!.body as unknown as SavePayload['payload']['genericObjects'][number];
    expect(moduleOf(object, 'coupons')).toBe('1');
    expect(moduleOf(object, 'votes')).toBe('1');
  });

  it("makes a given-away pass's saved object INACTIVE through the outbox, after the transfer answered", async () => {
    puts.length = 0;
    const giver = await signedInPassHolder(ctx, challengeId);
    expect((await giver.client.get('/api/user/pass/google-wallet')).statusCode).toBe(200);
    const { serial } = (await walletRow(giver.pass.id))!;
    // A pass only downloaded for Apple Wallet has no Google object to void.
    const appleOnly = await signedInPassHolder(ctx, challengeId);
    expect((await appleOnly.client.get('/api/user/pass/wallet.pkpass')).statusCode).toBe(200);
    expect(await walletRow(appleOnly.pass.id)).toMatchObject({ googleSavedAt: null });

    expect((await giver.client.post('/api/user/pass/transfer')).statusCode).toBe(201);
    expect((await appleOnly.client.post('/api/user/pass/transfer')).statusCode).toBe(201);
    expect(puts).toEqual([]);
    expect(await walletRow(giver.pass.id)).toBeUndefined();
    expect(
      await ctx.db.select({ serial: walletGoogleVoids.serial }).from(walletGoogleVoids),
    ).toEqual([{ serial }]);

    nextStatuses.push(503);
    expect(await newWorker().runOnce()).toBe(1);
    const [waiting] = await ctx.db.select().from(walletGoogleVoids);
    expect(waiting).toMatchObject({ serial, attempts: 1 });
    expect(waiting!.dueAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 3));
    expect(await newWorker().runOnce()).toBe(1);
    expect(puts).toHaveLength(2);
    for (const put of puts) {
      expect(put.url).toBe(`PATCH ${objectPath(serial)}`);
      expect(put.authorization).toBe('Bearer test-access-token');
      expect(put.body).toEqual({ state: 'INACTIVE' });
    }
    expect(await ctx.db.select().from(walletGoogleVoids)).toEqual([]);
  });

  it('makes the saved object INACTIVE, its status Void, after a lost dispute', async () => {
    puts.length = 0;
    await setPassCounted(
      ctx.db,
      holder.pass.id,
      { counted: false, reason: REVERSAL_REASONS.disputed },
      { now: ctx.clock.now() },
    );
    expect(await markChangedPasses(ctx.db, ctx.clock.now())).toBe(1);
    // The Apple push falls due too (none registered) and the Google update.
    expect(await newWorker().runOnce()).toBe(2);
    const { serial } = (await walletRow())!;
    expect(puts.map((put) => put.url)).toEqual([`PUT ${objectPath(serial)}`]);
    const object = puts[0]!.body as unknown as SavePayload['payload']['genericObjects'][number];
    expect(object.state).toBe('INACTIVE');
    expect(moduleOf(object, 'status')).toBe('Void');
  });
});
