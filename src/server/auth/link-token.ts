import { createHash, randomBytes } from 'node:crypto';

/** The secret of an emailed link (password reset, email change): 256 random bits. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Tokens carry 256 random bits, so a fast hash suffices: a stolen table gives no usable link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
