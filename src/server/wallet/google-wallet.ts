import { importPKCS8, SignJWT } from 'jose';
import type { PassContent } from './content.ts';
import { passTexts, type PassTextContext } from './pass-text.ts';
import type { GoogleWalletSettings } from './settings.ts';

/** Where the 'Save to Google Wallet' JWT goes. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The OAuth scope of the Wallet REST API. */
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

const THEME_COLOUR = '#8c5a2f';

/** The generic class every pass of this site belongs to: `<issuer>.local-battles`. */
export const googleClassId = (settings: GoogleWalletSettings) =>
  `${settings.issuerId}.local-battles`;
export const googleObjectId = (settings: GoogleWalletSettings, serial: string) =>
  `${settings.issuerId}.${serial}`;

/**
 * The pass as a Google Wallet generic object (docs/decisions/0043): the same fields as the Apple
 * card (wallet/apple-pass.ts), from the same texts.
 */
export function googleObject(
  content: PassContent,
  serial: string,
  settings: GoogleWalletSettings,
  context: PassTextContext,
) {
  const texts = passTexts(content, context);
  const { labels } = texts;
  const text = (value: string) => ({ defaultValue: { language: texts.locale, value } });
  return {
    id: googleObjectId(settings, serial),
    classId: googleClassId(settings),
    state: content.voided ? 'INACTIVE' : content.ended ? 'EXPIRED' : 'ACTIVE',
    cardTitle: text(context.siteName),
    header: text(texts.battleTitle),
    subheader: text(labels.battlePass),
    hexBackgroundColor: THEME_COLOUR,
    logo: {
      sourceUri: { uri: `${context.siteUrl}/icons/icon-192.png` },
      contentDescription: text(context.siteName),
    },
    barcode: { type: 'QR_CODE', value: texts.profileUrl, alternateText: labels.openYourPass },
    validTimeInterval: {
      start: { date: content.battleStart.toISOString() },
      end: { date: content.battleEnd.toISOString() },
    },
    textModulesData: [
      { id: 'coupons', header: labels.couponsLeft, body: String(content.couponsLeft) },
      { id: 'votes', header: labels.votesLeft, body: String(content.votesLeft) },
      { id: 'status', header: labels.status, body: texts.status },
      { id: 'pass', header: labels.pass, body: content.pseudonym },
      { id: 'redeem', header: labels.howToRedeem, body: texts.howToRedeem },
      { id: 'dates', header: labels.dates, body: texts.dates },
      { id: 'contact', header: labels.contact, body: texts.contact },
    ],
    locations: content.locations.map(({ latitude, longitude }) => ({ latitude, longitude })),
  };
}

/**
 * The 'Save to Google Wallet' address: a JWT signed RS256 with the service account's key, holding
 * the class and the object (Google creates both when the member saves).
 */
export async function googleSaveUrl(
  content: PassContent,
  serial: string,
  settings: GoogleWalletSettings,
  context: PassTextContext,
): Promise<string> {
  const key = await importPKCS8(settings.privateKey, 'RS256');
  const jwt = await new SignJWT({
    origins: [context.siteUrl],
    typ: 'savetowallet',
    payload: {
      genericClasses: [{ id: googleClassId(settings) }],
      genericObjects: [googleObject(content, serial, settings, context)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
