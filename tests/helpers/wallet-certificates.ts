import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_PASS_TYPE_ID = 'pass.test.local-battles';
export const TEST_TEAM_ID = 'TEAMID1234';

export interface TestWalletCertificates {
  /** A throwaway CA standing in for Apple's WWDR intermediate (and the test APNs' issuer). */
  caPem: string;
  caFile: string;
  /** A Pass Type ID certificate issued by that CA, and its key (encrypted with `keyPassphrase`). */
  certificatePem: string;
  keyPem: string;
  keyPassphrase: string;
  /** A certificate of the same CA for another Pass Type ID, and a stranger's key. */
  otherCertificatePem: string;
  strangerKeyPem: string;
  /** The local APNs stand-in's TLS certificate and key (127.0.0.1, issued by the CA). */
  serverCertificatePem: string;
  serverKeyPem: string;
  dir: string;
  remove(): void;
}

const openssl = (dir: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

/** Issues a certificate for `subject` from the test CA; returns its PEM. */
function issue(dir: string, name: string, subject: string, keyArgs: string[], extensions = '') {
  openssl(dir, ['req', '-new', ...keyArgs, '-subj', subject, '-out', `${name}.csr`]);
  fs.writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    `${name}.pem`,
    '-extfile',
    `${name}.ext`,
  ]);
  return fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8');
}

/** Makes a CA and the certificates a wallet test needs with the machine's openssl, in a temp dir. */
export function makeTestWalletCertificates(): TestWalletCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-wallet-'));
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR/O=Local Battles tests/C=US',
  ]);
  const keyPassphrase = 'test-passphrase';
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-aes-256-cbc',
    '-pass',
    `pass:${keyPassphrase}`,
    '-out',
    'signer.key',
  ]);
  const certificatePem = issue(
    dir,
    'signer',
    `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Local Battles tests/C=US`,
    ['-key', 'signer.key', '-passin', `pass:${keyPassphrase}`],
  );
  const otherCertificatePem = issue(
    dir,
    'other',
    '/UID=pass.test.someone-else/CN=Pass Type ID: pass.test.someone-else/C=US',
    ['-key', 'signer.key', '-passin', `pass:${keyPassphrase}`],
  );
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-out',
    'stranger.key',
  ]);
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-out',
    'server.key',
  ]);
  const serverCertificatePem = issue(
    dir,
    'server',
    '/CN=127.0.0.1',
    ['-key', 'server.key'],
    'subjectAltName=IP:127.0.0.1,DNS:localhost\n',
  );
  return {
    caPem: read('ca.pem'),
    caFile: path.join(dir, 'ca.pem'),
    certificatePem,
    keyPem: read('signer.key'),
    keyPassphrase,
    otherCertificatePem,
    strangerKeyPem: read('stranger.key'),
    serverCertificatePem,
    serverKeyPem: read('server.key'),
    dir,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A Google service account's JSON key, with a fresh key pair; the public key checks its JWTs. */
export function makeTestServiceAccount() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    json: JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@local-battles-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
    clientEmail: 'wallet@local-battles-test.iam.gserviceaccount.com',
    publicKey,
  };
}

export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';

/** The wallet settings of a test site, as env.ts would give them (certificate file paths and PEM mixed). */
export function testWalletEnv(
  certs: TestWalletCertificates,
  serviceAccountJson: string,
  overrides: Record<string, string | undefined> = {},
) {
  return {
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_TEAM_ID: TEST_TEAM_ID,
    APPLE_PASS_CERTIFICATE: certs.certificatePem,
    APPLE_PASS_KEY: certs.keyPem,
    APPLE_PASS_KEY_PASSPHRASE: certs.keyPassphrase,
    APPLE_WWDR_CERTIFICATE: certs.caFile,
    APNS_HOST: 'https://api.push.apple.com',
    GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccountJson,
    GOOGLE_WALLET_API_URL: 'https://walletobjects.googleapis.com',
    ...overrides,
  };
}

/** A store card's pass.json, as far as tests read it. */
export interface StoreCardJson extends Record<string, unknown> {
  storeCard: Record<string, { key: string; value: unknown }[]>;
}

export interface OpenedPkpass {
  files: Record<string, Buffer>;
  passJson: StoreCardJson;
  dir: string;
}

/** Unzips a .pkpass with the machine's unzip into a temp dir (removed by `remove`). */
export function openPkpass(body: Buffer): OpenedPkpass & { remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pkpass-'));
  fs.writeFileSync(path.join(dir, 'pass.pkpass'), body);
  execFileSync('unzip', ['-q', '-o', 'pass.pkpass', '-d', 'pass'], { cwd: dir });
  const files = Object.fromEntries(
    fs
      .readdirSync(path.join(dir, 'pass'))
      .map((name) => [name, fs.readFileSync(path.join(dir, 'pass', name))]),
  );
  return {
    files,
    passJson: JSON.parse(files['pass.json']!.toString('utf8')) as StoreCardJson,
    dir: path.join(dir, 'pass'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** `openssl smime -verify` of the pass's detached signature over its manifest against the CA. */
export function verifyPkpassSignature(pass: OpenedPkpass, caFile: string): string {
  return execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      caFile,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: pass.dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
}
