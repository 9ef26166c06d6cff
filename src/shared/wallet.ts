import { z } from 'zod';

/** GET /api/user/pass/google-wallet: the 'Save to Google Wallet' address, a signed JWT inside. */
export const googleWalletLinkSchema = z.object({ url: z.string() });
export type GoogleWalletLink = z.infer<typeof googleWalletLinkSchema>;
