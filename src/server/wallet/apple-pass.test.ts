import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, challenges, type Business, type Challenge } from '#server/db/schema.ts';
import { queryRows } from '#server/db/rule-call.ts';
import { setPassCounted } from '#server/passes/switch.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  openPkpass,
  testWalletEnv,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  verifyPkpassSignature,
  type StoreCardJson,
} from '#tests/helpers/wallet-certificates.ts';
import { walletSettingsOf } from './settings.ts';

const certs = makeTestWalletCertificates();
const wallet = walletSettingsOf(testWalletEnv(certs, makeTestServiceAccount().json));
const ctx = useTestApp({ wallet, contactEmail: 'help@battles.example' });
afterAll(() => certs.remove());

let challenge: Challenge;
const shops: Business[] = [];
type Holder = Awaited<ReturnType<typeof signedInPassHolder>>;
let holder: Holder;

beforeAll(async () => {
  ctx.clock.set(new Date('2026-11-20T18:00:00Z'));
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
    title: 'Chicago Coffee Battle',
    timeZone: 'America/Chicago',
  });
  // Ten shops around the centre of Chicago's Loop, one far out (the eleventh nearest is left
  // out), and one not placed on the map.
  for (let index = 0; index < 10; index += 1) {
    shops.push(
      await insertBusiness(ctx.db, challenge.id, {
        name: `Near ${index}`,
        latitude: 41.88 + (index % 3) * 0.001,
        longitude: -87.63 + index * 0.001,
      }),
    );
  }
  shops.push(
    await insertBusiness(ctx.db, challenge.id, {
      name: 'Far away',
      latitude: 42.5,
      longitude: -88.5,
    }),
  );
  shops.push(await insertBusiness(ctx.db, challenge.id, { name: 'Unplaced' }));
  holder = await signedInPassHolder(ctx, challenge.id);
});

async function download(client: TestClient) {
  const answer = await client.get('/api/user/pass/wallet.pkpass');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
  const pass = openPkpass(answer.rawPayload);
  return pass;
}

const field = (passJson: StoreCardJson, area: string, key: string) =>
  passJson.storeCard[area]?.find((each) => each.key === key)?.value;

describe('the Apple Wallet pass (docs/decisions/0043)', () => {
  it('says which wallets the site offers in GET /api/config', async () => {
    const answer = await new TestClient(ctx.app).get('/api/config');
    expect(answer.json<{ wallet: unknown }>().wallet).toEqual({ apple: true, google: true });
  });

  it('is for signed-in pass holders only', async () => {
    expect((await new TestClient(ctx.app).get('/api/user/pass/wallet.pkpass')).statusCode).toBe(
      401,
    );
    const { client } = await signedInMember(ctx.app);
    const noPass = await client.get('/api/user/pass/wallet.pkpass');
    expect(noPass.statusCode).toBe(404);
    expect(noPass.json()).toEqual({ message: expect.stringMatching(/pass/i) });
  });

  it('is signed by the Pass Type ID certificate, and the manifest holds every file’s hash', async () => {
    const pass = await download(holder.client);
    try {
      expect(() => verifyPkpassSignature(pass, certs.caFile)).not.toThrow();
      const manifest = JSON.parse(pass.files['manifest.json']!.toString('utf8')) as Record<
        string,
        string
      >;
      const hashed = Object.keys(pass.files).filter(
        (name) => name !== 'manifest.json' && name !== 'signature',
      );
      expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
      for (const name of hashed) {
        expect(manifest[name], name).toBe(
          createHash('sha1').update(pass.files[name]!).digest('hex'),
        );
      }
      expect(hashed).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'logo.png']));
      // A changed manifest no longer verifies.
      fs.writeFileSync(path.join(pass.dir, 'manifest.json'), '{}');
      expect(() => verifyPkpassSignature(pass, certs.caFile)).toThrow();
    } finally {
      pass.remove();
    }
  });

  it('shows the battle, the coupons and votes left, the pass pseudonym, and the shops nearest the centre', async () => {
    const pass = await download(holder.client);
    pass.remove();
    const json = pass.passJson;
    const [pseudonym] = await queryRows<{ p: string }>(
      ctx.db,
      sql`select substr(encode(sha256(convert_to(audit_salt || ':' || ${String(holder.pass.id)}, 'UTF8')), 'hex'), 1, 16) as p
          from challenges where id = ${challenge.id}`,
    );
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      organizationName: 'Local Battles',
      description: 'Local Battles pass for Chicago Coffee Battle',
      webServiceURL: 'http://localhost/api/passkit',
      backgroundColor: 'rgb(140, 90, 47)',
      foregroundColor: 'rgb(255, 255, 255)',
      voided: false,
      expirationDate: challenge.endDate.toISOString(),
      barcodes: [
        expect.objectContaining({
          format: 'PKBarcodeFormatQR',
          message: 'http://localhost/profile',
        }),
      ],
    });
    expect(json.authenticationToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // A random serial: it tells nothing of the pass's id or how many passes were sold.
    expect(json.serialNumber).toMatch(/^[0-9a-f]{48}$/);
    expect(field(json, 'primaryFields', 'coupons')).toBe(12);
    expect(field(json, 'secondaryFields', 'battle')).toBe('Chicago Coffee Battle');
    expect(field(json, 'secondaryFields', 'votes')).toBe(0);
    expect(field(json, 'auxiliaryFields', 'pass')).toBe(pseudonym!.p);
    expect(field(json, 'backFields', 'contact')).toContain('help@battles.example');
    expect(field(json, 'backFields', 'redeem')).toContain('4-digit code');
    expect(json.relevantDates).toEqual([
      { startDate: challenge.startDate.toISOString(), endDate: challenge.endDate.toISOString() },
    ]);
    const names = (json.locations as { relevantText: string }[]).map((each) =>
      each.relevantText.replace(' takes part in Chicago Coffee Battle', ''),
    );
    expect(names.sort()).toEqual(
      shops
        .slice(0, 10)
        .map((shop) => shop.name)
        .sort(),
    );
    // No redemption code anywhere on the pass (docs/RULES.md rule 3).
    const text = JSON.stringify(json);
    for (const shop of shops) expect(text).not.toContain(`"${shop.redemptionCode}"`);
  });

  it('follows the pass: a redeem, a vote and a refund change what it shows, under the same serial and token', async () => {
    const before = (await download(holder.client)).passJson;
    const coupon = await couponOf(ctx, holder.pass, shops[0]!.id);
    const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shops[0]!.redemptionCode,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const afterRedeem = (await download(holder.client)).passJson;
    expect(field(afterRedeem, 'primaryFields', 'coupons')).toBe(11);
    expect(field(afterRedeem, 'secondaryFields', 'votes')).toBe(1);
    expect(afterRedeem.serialNumber).toBe(before.serialNumber);
    expect(afterRedeem.authenticationToken).toBe(before.authenticationToken);

    const voted = await holder.client.post('/api/vote', { businessId: shops[1]!.id });
    expect(voted.statusCode, voted.body).toBe(200);
    const afterVote = (await download(holder.client)).passJson;
    expect(field(afterVote, 'primaryFields', 'coupons')).toBe(11);
    expect(field(afterVote, 'secondaryFields', 'votes')).toBe(0);
    expect(afterVote.voided).toBe(false);

    await setPassCounted(
      ctx.db,
      holder.pass.id,
      { counted: false, reason: 'Refunded' },
      { now: ctx.clock.now() },
    );
    const afterRefund = (await download(holder.client)).passJson;
    expect(afterRefund.voided).toBe(true);
    expect(field(afterRefund, 'headerFields', 'status')).toBe('Void');
  });

  it("speaks its holder's saved language: labels, the battle and its shops as the organizer wrote them there", async () => {
    await ctx.db
      .update(challenges)
      .set({ translations: { es: { title: 'Batalla del Café de Chicago' } } })
      .where(eq(challenges.id, challenge.id));
    await ctx.db
      .update(businesses)
      .set({ translations: { es: { name: 'Cerca Cero' } } })
      .where(eq(businesses.id, shops[0]!.id));
    const chosen = await holder.client.put('/api/user/language', { language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    try {
      const pass = await download(holder.client);
      pass.remove();
      const json = pass.passJson;
      expect(json.description).toBe('Pase de Local Battles para Batalla del Café de Chicago');
      expect(field(json, 'secondaryFields', 'battle')).toBe('Batalla del Café de Chicago');
      const labels = Object.values(json.storeCard)
        .flat()
        .map((each) => (each as { label?: string }).label);
      expect(labels).toEqual(
        expect.arrayContaining(['Cupones restantes', 'Votos restantes', 'Cómo canjear']),
      );
      expect(labels).not.toContain('Coupons left');
      expect(field(json, 'backFields', 'redeem')).toContain('código de 4 dígitos');
      expect(field(json, 'backFields', 'dates')).toMatch(/ de nov/);
      expect(json.barcodes).toEqual([
        expect.objectContaining({
          message: 'http://localhost/es/profile',
          altText: 'Abre tu pase',
        }),
      ]);
      const relevant = (json.locations as { relevantText: string }[]).map(
        (each) => each.relevantText,
      );
      expect(relevant).toContain('Cerca Cero participa en Batalla del Café de Chicago');
      expect(relevant).toContain('Near 1 participa en Batalla del Café de Chicago');
    } finally {
      await holder.client.put('/api/user/language', { language: 'en' });
    }
  });

  it('is not offered while Apple’s settings are incomplete', async () => {
    const { withTestApp } = await import('#tests/helpers/test-app.ts');
    await withTestApp({}, async (plain) => {
      const config = await new TestClient(plain.app).get('/api/config');
      expect(config.json<{ wallet: unknown }>().wallet).toEqual({ apple: false, google: false });
      const { client } = await signedInMember(plain.app);
      const answer = await client.get('/api/user/pass/wallet.pkpass');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        message: 'Apple Wallet passes are not offered on this site.',
      });
    });
  });
});
