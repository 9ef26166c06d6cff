import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { and, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { openDatabase } from '#server/db/client.ts';
import { businesses, challenges, coupons, users } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { issuePass } from '#server/passes/issue.ts';
import { projectRoot } from '#server/project-root.ts';
import { buildApplePass } from '#server/wallet/apple-pass.ts';
import { passContent } from '#server/wallet/content.ts';
import { googleObject } from '#server/wallet/google-wallet.ts';
import { walletSettingsOf } from '#server/wallet/settings.ts';
import { takeIntoWallet, WalletTokens } from '#server/wallet/wallet-passes.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/helpers/chromium.ts';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  openPkpass,
  testWalletEnv,
} from '#tests/helpers/wallet-certificates.ts';

/**
 * `node --import tsx scripts/wallet-samples.ts`: docs/images/wallet-apple-sample.png and
 * wallet-google-sample.png (docs/decisions/0043). A member of the demo seed's battle, with two
 * coupons redeemed, takes their pass into both wallets on an in-memory database; the Apple card is
 * drawn from the pass.json of the .pkpass that buildApplePass signs (with the tests' throwaway CA),
 * the Google card from the object googleObject sends. The drawing only resembles each wallet's
 * layout; the words and figures are the real ones.
 */
const NOW = new Date('2026-11-27T15:00:00Z');
const context = {
  siteName: 'Local Battles',
  siteUrl: 'https://battles.example',
  profileUrl: 'https://battles.example/profile',
  contactEmail: 'organizers@battles.example',
  webServiceUrl: 'https://battles.example/api/passkit',
};
const outDir = path.join(projectRoot, 'docs/images');

const escape = (text: unknown) =>
  String(text).replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );

interface Field {
  key: string;
  label?: string;
  value: unknown;
}

const certs = makeTestWalletCertificates();
const database = await openDatabase({ dataDir: 'memory://' });
try {
  const { db } = database;
  await database.migrate();
  await seedDemoData(db, NOW);
  const [battle] = await db
    .select()
    .from(challenges)
    .where(eq(challenges.title, 'Huntsville Coffee Battles'));
  const [member] = await db
    .insert(users)
    .values({ username: 'sample', email: 'sample@battles.example', passwordHash: '-' })
    .returning();
  const { pass } = await db.transaction((tx) =>
    issuePass(tx, { userId: member!.id, challengeId: battle!.id }),
  );
  const firstShops = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.challengeId, battle!.id))
    .orderBy(businesses.position)
    .limit(2);
  await db
    .update(coupons)
    .set({ redeemed: true, redeemedAt: NOW })
    .where(
      and(
        eq(coupons.passId, pass.id),
        inArray(
          coupons.businessId,
          firstShops.map((shop) => shop.id),
        ),
      ),
    );

  const content = (await passContent(db, pass.id, NOW))!;
  const walletPass = await takeIntoWallet(db, await WalletTokens.open(db), content);
  const settings = walletSettingsOf(testWalletEnv(certs, makeTestServiceAccount().json), NOW);
  const pkpass = openPkpass(await buildApplePass(content, walletPass, settings.apple!, context));
  const passJson = pkpass.passJson as unknown as {
    backgroundColor: string;
    foregroundColor: string;
    labelColor: string;
    logoText: string;
    storeCard: Record<'headerFields' | 'primaryFields' | 'secondaryFields', Field[]> &
      Record<'auxiliaryFields' | 'backFields', Field[]>;
    barcodes: { message: string; altText: string }[];
    locations: unknown[];
  };
  const logo = `data:image/png;base64,${pkpass.files['logo.png']!.toString('base64')}`;
  pkpass.remove();
  const google = googleObject(content, walletPass.serial, settings.google!, context);

  const qr = (value: string) => QRCode.toDataURL(value, { margin: 1, width: 150 });
  const shown = (field: Field) =>
    field.key === 'ends'
      ? new Date(String(field.value)).toLocaleString('en-US', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: content.timeZone,
        })
      : field.value;
  const fields = (list: Field[], className: string) =>
    list
      .map(
        (field) =>
          `<div class="${className}"><div class="label">${escape(field.label)}</div><div class="value">${escape(shown(field))}</div></div>`,
      )
      .join('');
  const card = passJson.storeCard;
  const barcode = passJson.barcodes[0]!;

  const apple = `
    <div id="sample" class="apple" style="--bg:${passJson.backgroundColor};--fg:${passJson.foregroundColor};--label:${passJson.labelColor}">
      <div class="front">
        <div class="top"><img src="${logo}" alt=""><span>${escape(passJson.logoText)}</span>
          ${fields(card.headerFields, 'header')}</div>
        ${fields(card.primaryFields, 'primary')}
        <div class="row">${fields(card.secondaryFields, 'field')}</div>
        <div class="row">${fields(card.auxiliaryFields, 'field')}</div>
        <div class="code"><img src="${await qr(barcode.message)}" alt=""><div>${escape(barcode.altText)}</div></div>
      </div>
      <div class="back">
        <h2>Back of the pass</h2>
        ${fields(card.backFields, 'backfield')}
        <p class="note">Shown near ${passJson.locations.length} participating shops · pass.json of a signed .pkpass</p>
      </div>
    </div>`;
  const appleStyle = `
    body { margin: 0; font-family: -apple-system, 'Helvetica Neue', Arial, sans-serif; background: #e9e9ee; }
    .apple { display: flex; gap: 24px; padding: 24px; width: max-content; align-items: flex-start; }
    .front { width: 340px; border-radius: 14px; background: var(--bg); color: var(--fg); padding: 14px 16px 18px; box-shadow: 0 2px 8px rgba(0,0,0,.25); }
    .top { display: flex; align-items: center; gap: 8px; font-size: 17px; font-weight: 600; }
    .top img { width: 30px; height: 30px; border-radius: 6px; }
    .top span { flex: 1; }
    .label { color: var(--label); font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .02em; }
    .header { text-align: right; } .header .value { font-size: 15px; }
    .primary { margin: 22px 0 18px; } .primary .value { font-size: 48px; font-weight: 300; line-height: 1.1; }
    .row { display: flex; justify-content: space-between; gap: 12px; margin-bottom: 12px; }
    .row .field:last-child { text-align: right; } .field .value { font-size: 16px; }
    .code { margin: 18px auto 0; width: 172px; background: #fff; color: #000; border-radius: 8px; padding: 10px 10px 6px; text-align: center; font-size: 12px; }
    .code img { width: 150px; height: 150px; display: block; margin: 0 auto 4px; }
    .back { width: 340px; background: #fff; border-radius: 14px; padding: 14px 16px; box-shadow: 0 2px 8px rgba(0,0,0,.15); }
    .back h2 { font-size: 15px; margin: 0 0 8px; }
    .backfield { border-top: 1px solid #ddd; padding: 8px 0; }
    .backfield .label { color: #6e6e73; text-transform: none; font-size: 12px; }
    .backfield .value { font-size: 14px; color: #1d1d1f; }
    .note { font-size: 11px; color: #6e6e73; margin: 8px 0 0; }`;

  const modules = google.textModulesData
    .map(
      (module) =>
        `<div class="module"><div class="mheader">${escape(module.header)}</div><div class="mbody">${escape(module.body)}</div></div>`,
    )
    .join('');
  // The object's logo is the site's /icons/icon-192.png, the image the .pkpass carries as logo.png.
  const googleHtml = `
    <div id="sample" class="google">
      <div class="card" style="background:${google.hexBackgroundColor}">
        <div class="title"><img src="${logo}" alt=""><span>${escape(google.cardTitle.defaultValue.value)}</span></div>
        <div class="sub">${escape(google.subheader.defaultValue.value)}</div>
        <div class="head">${escape(google.header.defaultValue.value)}</div>
        <div class="code"><img src="${await qr(google.barcode.value)}" alt=""><div>${escape(google.barcode.alternateText)}</div></div>
      </div>
      <div class="details">
        <h2>Pass details</h2>
        <div class="module"><div class="mheader">State</div><div class="mbody">${escape(google.state)}</div></div>
        ${modules}
        <p class="note">Generic object ${escape(google.id.replace(walletPass.serial, '<serial>'))} · ${google.locations.length} locations</p>
      </div>
    </div>`;
  const googleStyle = `
    body { margin: 0; font-family: Roboto, 'Google Sans', Arial, sans-serif; background: #f1f3f4; }
    .google { display: flex; gap: 24px; padding: 24px; width: max-content; align-items: flex-start; }
    .card { width: 340px; border-radius: 24px; color: #fff; padding: 18px 20px 22px; box-shadow: 0 1px 4px rgba(0,0,0,.3); }
    .title { display: flex; align-items: center; gap: 10px; font-size: 15px; }
    .title img { width: 32px; height: 32px; border-radius: 50%; background: #fff; }
    .sub { margin-top: 22px; font-size: 13px; opacity: .85; }
    .head { font-size: 26px; margin: 2px 0 20px; }
    .code { margin: 0 auto; width: 172px; background: #fff; color: #3c4043; border-radius: 12px; padding: 10px 10px 6px; text-align: center; font-size: 12px; }
    .code img { width: 150px; height: 150px; display: block; margin: 0 auto 4px; }
    .details { width: 340px; background: #fff; border-radius: 16px; padding: 14px 18px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
    .details h2 { font-size: 15px; font-weight: 500; margin: 0 0 8px; }
    .module { border-top: 1px solid #e0e0e0; padding: 8px 0; }
    .mheader { font-size: 12px; color: #5f6368; } .mbody { font-size: 14px; color: #202124; }
    .note { font-size: 11px; color: #5f6368; margin: 8px 0 0; }`;

  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({
      deviceScaleFactor: 2,
      viewport: { width: 900, height: 800 },
    });
    for (const [name, style, html] of [
      ['wallet-apple-sample.png', appleStyle, apple],
      ['wallet-google-sample.png', googleStyle, googleHtml],
    ] as const) {
      await page.setContent(`<!doctype html><style>${style}</style>${html}`);
      await page.locator('#sample').screenshot({ path: path.join(outDir, name) });
      process.stdout.write(`docs/images/${name}\n`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await database.close();
  certs.remove();
}
