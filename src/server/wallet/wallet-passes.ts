import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { walletPasses } from '../db/schema.ts';
import { sharedSecret } from '../db/shared-secret.ts';
import { contentHash, type PassContent } from './content.ts';

export interface WalletPass {
  passId: number;
  serial: string;
  /** The PassKit authentication token the pass carries; only its hash is stored. */
  authToken: string;
  updatedAt: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Wallet passes' tokens (docs/decisions/0043): an HMAC of the serial with a key shared by every
 * instance, so a second download carries the same token as the copy already in the wallet, while
 * the table holds only each token's SHA-256 (a leaked table authenticates nobody).
 */
export class WalletTokens {
  private constructor(private readonly key: string) {}

  static async open(db: Db) {
    return new WalletTokens(await sharedSecret(db, 'wallet_token_key'));
  }

  tokenOf(serial: string): string {
    return createHmac('sha256', this.key).update(`wallet-pass:${serial}`).digest('base64url');
  }
}

/**
 * The pass's wallet row, made at its first download or save (never before: docs/decisions/0043),
 * with the content it is sent with as its first fingerprint.
 */
export async function takeIntoWallet(
  db: Db,
  tokens: WalletTokens,
  content: PassContent,
): Promise<WalletPass> {
  const serial = randomBytes(24).toString('hex');
  await db
    .insert(walletPasses)
    .values({
      passId: content.passId,
      serial,
      authTokenHash: sha256(tokens.tokenOf(serial)),
      contentHash: contentHash(content),
      // Whole seconds, as Last-Modified and Apple's update tags count (wallet/updates.ts).
      updatedAt: sql`date_trunc('second', now())`,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({
      serial: walletPasses.serial,
      updatedAt: walletPasses.updatedAt,
    })
    .from(walletPasses)
    .where(eq(walletPasses.passId, content.passId));
  if (!row) throw new Error('wallet pass missing after insert');
  return { passId: content.passId, ...row, authToken: tokens.tokenOf(row.serial) };
}

/** Google's copy is kept current from the first 'Save to Google Wallet' on. */
export async function markSavedToGoogle(db: Db, passId: number) {
  await db
    .update(walletPasses)
    .set({ googleSavedAt: sql`coalesce(${walletPasses.googleSavedAt}, now())` })
    .where(eq(walletPasses.passId, passId));
}

export type Authenticated =
  | { kind: 'pass'; pass: { passId: number; serial: string; updatedAt: Date; authToken: string } }
  | { kind: 'unknown serial' }
  | { kind: 'wrong token' };

/**
 * The wallet pass a PassKit request names, if its `Authorization: ApplePass <token>` header holds
 * that pass's token (compared by hash, in constant time).
 */
export async function authenticatePass(
  db: Db,
  serial: string,
  authorization: string | undefined,
): Promise<Authenticated> {
  const [row] = await db
    .select({
      passId: walletPasses.passId,
      serial: walletPasses.serial,
      updatedAt: walletPasses.updatedAt,
      authTokenHash: walletPasses.authTokenHash,
    })
    .from(walletPasses)
    .where(eq(walletPasses.serial, serial));
  if (!row) return { kind: 'unknown serial' };
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) return { kind: 'wrong token' };
  const presented = Buffer.from(sha256(token));
  if (!timingSafeEqual(presented, Buffer.from(row.authTokenHash))) return { kind: 'wrong token' };
  const { authTokenHash: _hash, ...pass } = row;
  return { kind: 'pass', pass: { ...pass, authToken: token } };
}
