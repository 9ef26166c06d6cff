import { JWT } from 'google-auth-library';
import { GOOGLE_WALLET_SCOPE } from './google-wallet.ts';
import type { GoogleWalletSettings } from './settings.ts';

/**
 * OAuth access tokens for the Wallet REST API, from the service account (google-auth-library
 * keeps a token until it is about to expire).
 */
export function googleAccessTokens(settings: GoogleWalletSettings): () => Promise<string> {
  const client = new JWT({
    email: settings.clientEmail,
    key: settings.privateKey,
    scopes: [GOOGLE_WALLET_SCOPE],
  });
  return async () => {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('Google gave no access token');
    return token;
  };
}
