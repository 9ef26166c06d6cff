import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError, type Env } from '../env.ts';

/** Apple Wallet passes (docs/decisions/0043): everything needed to sign a pass and push its updates. */
export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  /** PEM texts, as passkit-generator and node:http2 take them. */
  certificate: string;
  key: string;
  keyPassphrase?: string | undefined;
  wwdr: string;
  /** Where APNs is reached (APNS_HOST): Apple's host in production, a local server in tests. */
  apnsHost: string;
}

/** Google Wallet (docs/decisions/0043): the issuer and the service account that signs its links. */
export interface GoogleWalletSettings {
  issuerId: string;
  clientEmail: string;
  /** PKCS #8 PEM of the service account's key. */
  privateKey: string;
  /** The Wallet REST API (GOOGLE_WALLET_API_URL): Google's in production, a local server in tests. */
  apiUrl: string;
}

export interface WalletSettings {
  apple: AppleWalletSettings | null;
  google: GoogleWalletSettings | null;
  /** Settings of a wallet given in part: that wallet stays off, and start-up says which are missing. */
  incomplete: string[];
}

type WalletEnv = Pick<
  Env,
  | 'APPLE_PASS_TYPE_ID'
  | 'APPLE_TEAM_ID'
  | 'APPLE_PASS_CERTIFICATE'
  | 'APPLE_PASS_KEY'
  | 'APPLE_PASS_KEY_PASSPHRASE'
  | 'APPLE_WWDR_CERTIFICATE'
  | 'APNS_HOST'
  | 'GOOGLE_WALLET_ISSUER_ID'
  | 'GOOGLE_WALLET_SERVICE_ACCOUNT'
  | 'GOOGLE_WALLET_API_URL'
>;

const invalid = (name: string, message: string) =>
  new ConfigError(`Invalid settings:\n  ${name}: ${message}`);

/**
 * A certificate or key setting holds either the PEM text itself (newlines may be written as \n,
 * as one-line environments need) or the path of a file holding it.
 */
function pemOrFile(name: string, value: string): string {
  if (value.trimStart().startsWith('-----BEGIN')) return value.replaceAll('\\n', '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    throw invalid(name, `cannot read the file ${value} (${(error as Error).message})`);
  }
}

function certificateOf(name: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw invalid(name, 'is not a PEM certificate (-----BEGIN CERTIFICATE-----)');
  }
}

function privateKeyOf(name: string, pem: string, passphrase: string | undefined): KeyObject {
  try {
    return createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase });
  } catch {
    throw invalid(name, 'is not a PEM private key, or APPLE_PASS_KEY_PASSPHRASE does not open it');
  }
}

/** Which of a wallet's settings are given: all (on), none (off), or some (off, and named). */
function given(values: Record<string, string | undefined>) {
  const missing = Object.entries(values)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  return {
    all: missing.length === 0,
    none: missing.length === Object.keys(values).length,
    missing,
  };
}

function appleSettingsOf(env: WalletEnv, now: Date): AppleWalletSettings {
  const certificatePem = pemOrFile('APPLE_PASS_CERTIFICATE', env.APPLE_PASS_CERTIFICATE!);
  const keyPem = pemOrFile('APPLE_PASS_KEY', env.APPLE_PASS_KEY!);
  const wwdrPem = pemOrFile('APPLE_WWDR_CERTIFICATE', env.APPLE_WWDR_CERTIFICATE!);
  const certificate = certificateOf('APPLE_PASS_CERTIFICATE', certificatePem);
  const wwdr = certificateOf('APPLE_WWDR_CERTIFICATE', wwdrPem);
  const key = privateKeyOf('APPLE_PASS_KEY', keyPem, env.APPLE_PASS_KEY_PASSPHRASE);
  if (!certificate.checkPrivateKey(key)) {
    throw invalid('APPLE_PASS_KEY', 'is not the private key of APPLE_PASS_CERTIFICATE');
  }
  if (new Date(certificate.validTo) <= now) {
    throw invalid('APPLE_PASS_CERTIFICATE', `expired on ${certificate.validTo}; renew it`);
  }
  // Apple's Pass Type ID certificates name their identifier as the subject's UID.
  if (!certificate.subject.split('\n').includes(`UID=${env.APPLE_PASS_TYPE_ID}`)) {
    throw invalid(
      'APPLE_PASS_CERTIFICATE',
      `is not the certificate of APPLE_PASS_TYPE_ID ${env.APPLE_PASS_TYPE_ID} (its subject has no UID=${env.APPLE_PASS_TYPE_ID})`,
    );
  }
  if (!certificate.checkIssued(wwdr)) {
    throw invalid(
      'APPLE_WWDR_CERTIFICATE',
      'did not issue APPLE_PASS_CERTIFICATE (use the WWDR intermediate named as its issuer)',
    );
  }
  return {
    passTypeId: env.APPLE_PASS_TYPE_ID!,
    teamId: env.APPLE_TEAM_ID!,
    certificate: certificatePem,
    key: keyPem,
    keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
    wwdr: wwdrPem,
    apnsHost: env.APNS_HOST,
  };
}

function googleSettingsOf(env: WalletEnv): GoogleWalletSettings {
  const name = 'GOOGLE_WALLET_SERVICE_ACCOUNT';
  const value = env.GOOGLE_WALLET_SERVICE_ACCOUNT!;
  let text = value;
  if (!value.trimStart().startsWith('{')) {
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      throw invalid(name, `cannot read the file ${value} (${(error as Error).message})`);
    }
  }
  let account: { client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(text) as typeof account;
  } catch {
    throw invalid(name, "is not a service account's JSON key");
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw invalid(name, "is not a service account's JSON key (no client_email or private_key)");
  }
  try {
    createPrivateKey(account.private_key);
  } catch {
    throw invalid(name, 'has a private_key that is not a PEM private key');
  }
  return {
    issuerId: env.GOOGLE_WALLET_ISSUER_ID!,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    apiUrl: env.GOOGLE_WALLET_API_URL,
  };
}

/**
 * The wallets this site offers (docs/decisions/0043): each one only when all its settings are
 * given, and a certificate or key that cannot work stops start-up with the setting's name.
 */
export function walletSettingsOf(env: WalletEnv, now = new Date()): WalletSettings {
  const apple = given({
    APPLE_PASS_TYPE_ID: env.APPLE_PASS_TYPE_ID,
    APPLE_TEAM_ID: env.APPLE_TEAM_ID,
    APPLE_PASS_CERTIFICATE: env.APPLE_PASS_CERTIFICATE,
    APPLE_PASS_KEY: env.APPLE_PASS_KEY,
    APPLE_WWDR_CERTIFICATE: env.APPLE_WWDR_CERTIFICATE,
  });
  const google = given({
    GOOGLE_WALLET_ISSUER_ID: env.GOOGLE_WALLET_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: env.GOOGLE_WALLET_SERVICE_ACCOUNT,
  });
  return {
    apple: apple.all ? appleSettingsOf(env, now) : null,
    google: google.all ? googleSettingsOf(env) : null,
    incomplete: [...(apple.none ? [] : apple.missing), ...(google.none ? [] : google.missing)],
  };
}
