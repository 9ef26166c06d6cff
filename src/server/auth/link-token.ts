import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { emailChangeTokens } from '../db/schema.ts';
import { EMAIL_CHANGE_LINK_HOURS } from '../mail/templates.ts';

/** The secret of an emailed link (password reset, email change): 256 random bits. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Tokens carry 256 random bits, so a fast hash suffices: a stolen table gives no usable link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores the member's one pending address link (an upsert: a newer one replaces it, so two at
 * once leave exactly one) and returns its token for the email. The same link confirms a new
 * address (email change) and the registered one (the welcome's, where newEmail is the current
 * address; docs/decisions/0029).
 */
export async function storeAddressLink(
  tx: Tx | Db,
  userId: number,
  newEmail: string,
  now: Date,
): Promise<string> {
  const token = newLinkToken();
  const link = {
    userId,
    newEmail,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000),
    createdAt: now,
  };
  await tx
    .insert(emailChangeTokens)
    .values(link)
    .onConflictDoUpdate({ target: emailChangeTokens.userId, set: link });
  return token;
}
