import http2 from 'node:http2';
import type { AppleWalletSettings } from './settings.ts';

/** What APNs said of one device's push: sent, the device is gone (unregister it), or try again. */
export type PushResult = 'sent' | 'gone' | 'failed';

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Apple's push service for pass updates (docs/decisions/0043): one HTTP/2 connection per batch,
 * authenticated with the Pass Type ID certificate, an empty JSON payload per device with the Pass
 * Type ID as topic. The device then asks the web service which of its passes changed.
 */
export async function pushToDevices(
  settings: Pick<
    AppleWalletSettings,
    'apnsHost' | 'certificate' | 'key' | 'keyPassphrase' | 'passTypeId'
  >,
  pushTokens: readonly string[],
  /** Trusted roots for a test's own APNs stand-in; Node's defaults otherwise. */
  ca?: string,
): Promise<Map<string, PushResult>> {
  const results = new Map<string, PushResult>();
  if (pushTokens.length === 0) return results;
  let session: http2.ClientHttp2Session;
  try {
    session = http2.connect(settings.apnsHost, {
      cert: settings.certificate,
      key: settings.key,
      ...(settings.keyPassphrase === undefined ? {} : { passphrase: settings.keyPassphrase }),
      ...(ca === undefined ? {} : { ca }),
    });
  } catch {
    return new Map(pushTokens.map((token) => [token, 'failed']));
  }
  // A refused or lost connection fails each request too; this only keeps it from being thrown.
  session.on('error', () => {});
  session.setTimeout(PUSH_TIMEOUT_MS, () => session.destroy());
  try {
    await Promise.all(
      pushTokens.map(async (token) => results.set(token, await pushOne(session, settings, token))),
    );
  } finally {
    session.close();
  }
  return results;
}

function pushOne(
  session: http2.ClientHttp2Session,
  settings: Pick<AppleWalletSettings, 'passTypeId'>,
  token: string,
): Promise<PushResult> {
  return new Promise((resolve) => {
    let request: http2.ClientHttp2Stream;
    try {
      request = session.request({
        ':method': 'POST',
        ':path': `/3/device/${token}`,
        'apns-topic': settings.passTypeId,
        'content-type': 'application/json',
      });
    } catch {
      resolve('failed');
      return;
    }
    let status = 0;
    let body = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (status === 200) resolve('sent');
      // 410: the device no longer takes pushes; 400 BadDeviceToken: it never will.
      else if (status === 410 || (status === 400 && body.includes('BadDeviceToken')))
        resolve('gone');
      else resolve('failed');
    });
    request.on('error', () => resolve('failed'));
    request.end('{}');
  });
}
