import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletPasses, walletRegistrations, type Business } from '#server/db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  openPkpass,
  testWalletEnv,
  TEST_PASS_TYPE_ID,
} from '#tests/helpers/wallet-certificates.ts';
import { MAX_PASSES_PER_DEVICE } from './registrations.ts';
import { walletSettingsOf } from './settings.ts';
import { markChangedPasses } from './updates.ts';

const certs = makeTestWalletCertificates();
const wallet = walletSettingsOf(testWalletEnv(certs, makeTestServiceAccount().json));
const ctx = useTestApp({ wallet });
afterAll(() => certs.remove());

type Holder = Awaited<ReturnType<typeof signedInPassHolder>>;
let holder: Holder;
let shop: Business;
let serial = '';
let token = '';
let device: TestClient;
const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'ab'.repeat(32);
const base = '/api/passkit/v1';
const registration = (deviceId = DEVICE, passTypeId = TEST_PASS_TYPE_ID, passSerial = serial) =>
  `${base}/devices/${deviceId}/registrations/${passTypeId}/${passSerial}`;
const auth = (value = token) => ({ authorization: `ApplePass ${value}` });

const registrations = () => ctx.db.select().from(walletRegistrations);

beforeAll(async () => {
  ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  const challenge = await insertChallenge(ctx.db, ctx.clock.now());
  shop = await insertBusiness(ctx.db, challenge.id, { latitude: 41.88, longitude: -87.63 });
  holder = await signedInPassHolder(ctx, challenge.id);
  const answer = await holder.client.get('/api/user/pass/wallet.pkpass');
  const pass = openPkpass(answer.rawPayload);
  pass.remove();
  serial = pass.passJson.serialNumber as string;
  token = pass.passJson.authenticationToken as string;
  device = new TestClient(ctx.app);
});

describe("Apple's PassKit web service (docs/decisions/0043)", () => {
  it('refuses unknown serials, other Pass Type IDs and wrong tokens, and registers nothing', async () => {
    const body = { pushToken: PUSH_TOKEN };
    const post = (url: string, headers: Record<string, string>) =>
      device.request({ method: 'POST', url, headers, payload: body });
    const unknownSerial = await post(
      registration(DEVICE, TEST_PASS_TYPE_ID, 'f'.repeat(48)),
      auth(),
    );
    expect(unknownSerial.statusCode).toBe(404);
    expect(unknownSerial.json()).toEqual({ message: 'No such pass.' });
    expect((await post(registration(DEVICE, 'pass.other.type'), auth())).statusCode).toBe(404);
    const wrong = await post(registration(), auth('x'.repeat(43)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "The pass's authentication token is wrong." });
    expect((await post(registration(), {})).statusCode).toBe(401);
    // A token of the right length differing in one character.
    const near = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await post(registration(), auth(near))).statusCode).toBe(401);
    expect((await post(registration('not a device!'), auth())).statusCode).toBe(400);
    expect(await registrations()).toEqual([]);
  });

  it('registers a device once: a replay answers 200 and changes nothing but a new push token', async () => {
    const register = (pushToken: string) =>
      device.request({
        method: 'POST',
        url: registration(),
        headers: auth(),
        payload: { pushToken },
      });
    expect((await register(PUSH_TOKEN)).statusCode).toBe(201);
    expect((await register(PUSH_TOKEN)).statusCode).toBe(200);
    expect(await registrations()).toMatchObject([{ deviceId: DEVICE, pushToken: PUSH_TOKEN }]);
    expect((await register('cd'.repeat(32))).statusCode).toBe(200);
    expect(await registrations()).toMatchObject([{ deviceId: DEVICE, pushToken: 'cd'.repeat(32) }]);
    expect((await register(PUSH_TOKEN)).statusCode).toBe(200);
  });

  it('lists the passes updated since the tag it last gave, and 204 when none moved', async () => {
    const list = (since?: string) =>
      device.get(
        `${base}/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}${since ? `?passesUpdatedSince=${since}` : ''}`,
      );
    const first = await list();
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json<{
      serialNumbers: string[];
      lastUpdated: string;
    }>();
    expect(serialNumbers).toEqual([serial]);
    expect((await list(lastUpdated)).statusCode).toBe(204);
    expect(
      (await device.get(`${base}/devices/unknown0device/registrations/${TEST_PASS_TYPE_ID}`))
        .statusCode,
    ).toBe(204);
    expect((await list('yesterday')).statusCode).toBe(400);

    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await markChangedPasses(ctx.db, ctx.clock.now())).toBe(1);
    // Nothing else moved: a second look marks nothing.
    expect(await markChangedPasses(ctx.db, ctx.clock.now())).toBe(0);
    const after = await list(lastUpdated);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      serialNumbers: [serial],
      lastUpdated: expect.not.stringMatching(`^${lastUpdated}$`),
    });
    expect(Number(after.json<{ lastUpdated: string }>().lastUpdated)).toBeGreaterThan(
      Number(lastUpdated),
    );
  });

  it('sends the latest pass to its token only, and 304 when it has not moved since', async () => {
    const latest = (headers: Record<string, string>) =>
      device.request({
        method: 'GET',
        url: `${base}/passes/${TEST_PASS_TYPE_ID}/${serial}`,
        headers,
      });
    expect((await latest(auth('wrong'))).statusCode).toBe(401);
    expect(
      (
        await device.request({
          method: 'GET',
          url: `${base}/passes/${TEST_PASS_TYPE_ID}/${'0'.repeat(48)}`,
          headers: auth(),
        })
      ).statusCode,
    ).toBe(404);
    const answer = await latest(auth());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const pass = openPkpass(answer.rawPayload);
    pass.remove();
    expect(pass.passJson.serialNumber).toBe(serial);
    expect(pass.passJson.storeCard.primaryFields).toEqual([
      expect.objectContaining({ key: 'coupons', value: 0 }),
    ]);
    const lastModified = answer.headers['last-modified'] as string;
    const [row] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.serial, serial));
    expect(new Date(lastModified).getTime()).toBe(row!.updatedAt.getTime());
    expect((await latest({ ...auth(), 'if-modified-since': lastModified })).statusCode).toBe(304);
  });

  it('refuses a device that follows too many passes (429) and registers nothing', async () => {
    const flood = 'f100d0device';
    // MAX_PASSES_PER_DEVICE other passes in wallets, all followed by one device.
    await ctx.db.execute(sql`
      with made as (
        insert into users (username, password_hash, email)
        select 'flood' || g, 'x', 'flood' || g || '@example.com' from generate_series(1, ${MAX_PASSES_PER_DEVICE}) g
        returning id),
      passed as (
        insert into passes (user_id, challenge_id)
        select made.id, (select challenge_id from passes where id = ${holder.pass.id}) from made
        returning id),
      walleted as (
        insert into wallet_passes (pass_id, serial, auth_token_hash, content_hash)
        select id, md5(id::text), 'x', 'x' from passed
        returning pass_id)
      insert into wallet_registrations (device_id, pass_id, push_token)
      select ${flood}, pass_id, 'ab' from walleted`);
    const before = await registrations();
    const refused = await device.request({
      method: 'POST',
      url: registration(flood),
      headers: auth(),
      payload: { pushToken: PUSH_TOKEN },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.stringContaining(`${MAX_PASSES_PER_DEVICE} passes`),
    });
    expect(await registrations()).toHaveLength(before.length);
  });

  it('parallel first downloads make one wallet pass, and parallel registrations one registration', async () => {
    const other = await signedInPassHolder(ctx, holder.pass.challengeId);
    const downloads = await Promise.all(
      Array.from({ length: 8 }, () => other.client.get('/api/user/pass/wallet.pkpass')),
    );
    const cards = downloads.map((answer) => {
      expect(answer.statusCode).toBe(200);
      const pass = openPkpass(answer.rawPayload);
      pass.remove();
      return pass.passJson;
    });
    expect(new Set(cards.map((card) => card.serialNumber)).size).toBe(1);
    expect(new Set(cards.map((card) => card.authenticationToken)).size).toBe(1);
    expect(await ctx.db.$count(walletPasses, eq(walletPasses.passId, other.pass.id))).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        device.request({
          method: 'POST',
          url: registration('race0device', TEST_PASS_TYPE_ID, String(cards[0]!.serialNumber)),
          headers: auth(String(cards[0]!.authenticationToken)),
          payload: { pushToken: PUSH_TOKEN },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(
      await ctx.db.$count(walletRegistrations, eq(walletRegistrations.deviceId, 'race0device')),
    ).toBe(1);
  });

  it('takes device logs, and unregisters only with the pass’s token', async () => {
    const logged = await device.request({
      method: 'POST',
      url: `${base}/log`,
      payload: { logs: ['Web service error for pass.test: 401'] },
    });
    expect(logged.statusCode).toBe(200);
    const remove = (headers: Record<string, string>) =>
      device.request({ method: 'DELETE', url: registration(), headers });
    expect((await remove(auth('wrong'))).statusCode).toBe(401);
    expect(await registrations()).toContainEqual(expect.objectContaining({ deviceId: DEVICE }));
    expect((await remove(auth())).statusCode).toBe(200);
    expect(await registrations()).not.toContainEqual(expect.objectContaining({ deviceId: DEVICE }));
  });
});
