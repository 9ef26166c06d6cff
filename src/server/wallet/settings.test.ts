import { afterAll, describe, expect, it } from 'vitest';
import {
  makeTestServiceAccount,
  makeTestWalletCertificates,
  testWalletEnv,
  TEST_PASS_TYPE_ID,
} from '#tests/helpers/wallet-certificates.ts';
import { ConfigError, readEnv } from '../env.ts';
import { walletSettingsOf } from './settings.ts';

const certs = makeTestWalletCertificates();
const account = makeTestServiceAccount();
afterAll(() => certs.remove());

const settingsWith = (overrides: Record<string, string | undefined>) =>
  walletSettingsOf(testWalletEnv(certs, account.json, overrides));

/** The start-up message a setting's value gives, or null when it starts. */
function refusal(overrides: Record<string, string | undefined>): string | null {
  try {
    settingsWith(overrides);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('wallet settings (docs/decisions/0043)', () => {
  it('offers both wallets when every setting is given, as PEM text or a file path', () => {
    const settings = settingsWith({});
    expect(settings.apple?.passTypeId).toBe(TEST_PASS_TYPE_ID);
    expect(settings.apple?.wwdr).toBe(certs.caPem);
    expect(settings.google?.clientEmail).toBe(account.clientEmail);
    expect(settings.incomplete).toEqual([]);
    // One-line PEM with \n written out, as some environments need.
    const oneLine = settingsWith({
      APPLE_PASS_CERTIFICATE: certs.certificatePem.replaceAll('\n', '\\n'),
    });
    expect(oneLine.apple?.certificate).toBe(certs.certificatePem);
  });

  it('keeps a wallet off, and names what is missing, while its settings are incomplete', () => {
    const settings = settingsWith({ APPLE_WWDR_CERTIFICATE: undefined, APPLE_TEAM_ID: undefined });
    expect(settings.apple).toBeNull();
    expect(settings.google).not.toBeNull();
    expect(settings.incomplete).toEqual(['APPLE_TEAM_ID', 'APPLE_WWDR_CERTIFICATE']);
    const none = walletSettingsOf({
      APNS_HOST: 'https://x',
      GOOGLE_WALLET_API_URL: 'https://y',
    } as never);
    expect(none).toEqual({ apple: null, google: null, incomplete: [] });
  });

  it('stops start-up on a certificate or key that cannot work, naming the setting', () => {
    expect(refusal({ APPLE_PASS_CERTIFICATE: '-----BEGIN CERTIFICATE-----\nnonsense' })).toMatch(
      /APPLE_PASS_CERTIFICATE: is not a PEM certificate/,
    );
    expect(refusal({ APPLE_PASS_CERTIFICATE: '/nonexistent/pass.pem' })).toMatch(
      /APPLE_PASS_CERTIFICATE: cannot read the file \/nonexistent\/pass.pem/,
    );
    expect(refusal({ APPLE_PASS_KEY_PASSPHRASE: 'wrong' })).toMatch(
      /APPLE_PASS_KEY: is not a PEM private key, or APPLE_PASS_KEY_PASSPHRASE does not open it/,
    );
    expect(
      refusal({ APPLE_PASS_KEY: certs.strangerKeyPem, APPLE_PASS_KEY_PASSPHRASE: undefined }),
    ).toMatch(/APPLE_PASS_KEY: is not the private key of APPLE_PASS_CERTIFICATE/);
    expect(refusal({ APPLE_PASS_CERTIFICATE: certs.otherCertificatePem })).toMatch(
      /APPLE_PASS_CERTIFICATE: is not the certificate of APPLE_PASS_TYPE_ID/,
    );
    expect(refusal({ APPLE_WWDR_CERTIFICATE: certs.serverCertificatePem })).toMatch(
      /APPLE_WWDR_CERTIFICATE: did not issue APPLE_PASS_CERTIFICATE/,
    );
    expect(refusal({ GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email": 1}' })).toMatch(
      /GOOGLE_WALLET_SERVICE_ACCOUNT: is not a service account's JSON key/,
    );
    expect(
      refusal({
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ client_email: 'a@b', private_key: 'x' }),
      }),
    ).toMatch(/GOOGLE_WALLET_SERVICE_ACCOUNT: has a private_key that is not a PEM private key/);
  });

  it('refuses malformed identifiers and hosts in the environment, naming the variable', () => {
    expect(() => readEnv({ APPLE_TEAM_ID: 'abc' })).toThrow(
      /APPLE_TEAM_ID: must be a 10-character/,
    );
    expect(() => readEnv({ APPLE_PASS_TYPE_ID: 'com.example' })).toThrow(
      /APPLE_PASS_TYPE_ID: must be a Pass Type ID/,
    );
    expect(() => readEnv({ GOOGLE_WALLET_ISSUER_ID: 'x1' })).toThrow(/GOOGLE_WALLET_ISSUER_ID/);
    expect(() => readEnv({ APNS_HOST: 'ftp://apns' })).toThrow(/APNS_HOST: must be an https URL/);
    expect(readEnv({}).APNS_HOST).toBe('https://api.push.apple.com');
  });
});
