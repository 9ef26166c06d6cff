import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PKPass } from 'passkit-generator';
import { projectRoot } from '../project-root.ts';
import type { PassContent } from './content.ts';
import { passTexts, type PassTextContext } from './pass-text.ts';
import type { AppleWalletSettings } from './settings.ts';
import type { WalletPass } from './wallet-passes.ts';

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

/** Where Apple Wallet asks for updates: it appends `/v1/…` (endpoints.ts, passKit*). */
export const PASSKIT_WEB_SERVICE_PATH = '/api/passkit';

/**
 * The site's theme (src/client/app/theme.ts): the filled coffee shade behind white text, labels
 * in its lightest shade; all pass WCAG AA there.
 */
const THEME = {
  backgroundColor: 'rgb(140, 90, 47)',
  foregroundColor: 'rgb(255, 255, 255)',
  labelColor: 'rgb(240, 228, 215)',
};

/** The app icon (public/icons/), read once: Wallet scales it for the icon and the logo. */
let images: Record<string, Buffer> | undefined;
function passImages() {
  if (!images) {
    const icon = readFileSync(path.join(projectRoot, 'public/icons/icon-192.png'));
    images = {
      'icon.png': icon,
      'icon@2x.png': icon,
      'icon@3x.png': icon,
      'logo.png': icon,
      'logo@2x.png': icon,
    };
  }
  return images;
}

/**
 * The signed .pkpass of a pass (docs/decisions/0043): a store card with the battle, coupons and
 * votes left, the pass pseudonym, a QR code that opens /profile, the shops nearest the battle's
 * centre as locations, and the battle's dates; voided after a refund or dispute.
 */
export async function buildApplePass(
  content: PassContent,
  walletPass: Pick<WalletPass, 'serial' | 'authToken'>,
  settings: AppleWalletSettings,
  context: PassTextContext & { webServiceUrl: string },
): Promise<Buffer> {
  const texts = passTexts(content, context);
  const pass = new PKPass(
    passImages(),
    {
      wwdr: settings.wwdr,
      signerCert: settings.certificate,
      signerKey: settings.key,
      ...(settings.keyPassphrase === undefined
        ? {}
        : { signerKeyPassphrase: settings.keyPassphrase }),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: settings.passTypeId,
      teamIdentifier: settings.teamId,
      serialNumber: walletPass.serial,
      organizationName: context.siteName,
      description: texts.description,
      logoText: context.siteName,
      webServiceURL: context.webServiceUrl,
      authenticationToken: walletPass.authToken,
      sharingProhibited: true,
      voided: content.voided,
      ...THEME,
    },
  );
  pass.type = 'storeCard';
  const { labels } = texts;
  pass.headerFields.push({ key: 'status', label: labels.status, value: texts.status });
  pass.primaryFields.push({
    key: 'coupons',
    label: labels.couponsLeft,
    value: content.couponsLeft,
    changeMessage: `${labels.couponsLeft}: %@`,
  });
  pass.secondaryFields.push(
    { key: 'battle', label: labels.battle, value: texts.battleTitle },
    {
      key: 'votes',
      label: labels.votesLeft,
      value: content.votesLeft,
      changeMessage: `${labels.votesLeft}: %@`,
    },
  );
  pass.auxiliaryFields.push(
    {
      key: 'ends',
      label: labels.ends,
      value: content.battleEnd.toISOString(),
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleShort',
    },
    { key: 'pass', label: labels.pass, value: content.pseudonym },
  );
  pass.backFields.push(
    { key: 'redeem', label: labels.howToRedeem, value: texts.howToRedeem },
    { key: 'dates', label: labels.dates, value: texts.dates },
    { key: 'contact', label: labels.contact, value: texts.contact },
    { key: 'pseudonym', label: labels.pseudonym, value: texts.pseudonymNote },
    { key: 'profile', label: labels.profile, value: texts.profileUrl },
  );
  pass.setBarcodes({
    message: texts.profileUrl,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: labels.openYourPass,
  });
  pass.setLocations(
    ...content.locations.map((location) => ({
      latitude: location.latitude,
      longitude: location.longitude,
      relevantText: texts.shopTakesPart(location),
    })),
  );
  pass.setRelevantDates([{ startDate: content.battleStart, endDate: content.battleEnd }]);
  pass.setExpirationDate(content.battleEnd);
  return pass.getAsBuffer();
}
