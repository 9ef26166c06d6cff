import { and, desc, eq, gt, lte, notInArray, or, sql } from 'drizzle-orm';
import { INVALID_RESET_LINK } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import {
  emailChangeTokens,
  passwordResetTokens,
  sessions,
  users,
  type User,
} from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { passwordResetMail, RESET_LINK_MINUTES, type MailContext } from '../mail/templates.ts';
import { confirmAddress, enqueueMail } from '../mail/outbox.ts';
import { hashLinkToken, newLinkToken } from './link-token.ts';
import { hashPassword } from './service.ts';

const RESET_TOKEN_TTL_MS = RESET_LINK_MINUTES * 60 * 1000;
/**
 * Live reset links per account. Anyone may ask for a link to any address, so a newer request
 * never voids a link already mailed (that would let a stranger void the owner's); beyond this
 * many the oldest goes, and the inbox still holds the newer ones.
 */
export const LIVE_RESET_LINKS_PER_ACCOUNT = 5;

/**
 * Emails one message to the address with a reset link for every account on it (addresses are not
 * unique), each naming its username. Earlier links keep working until they expire or are used (at
 * most LIVE_RESET_LINKS_PER_ACCOUNT). Nothing tells the caller whether an account exists. To an
 * address nobody has confirmed it counts against the daily allowance (docs/decisions/0029).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  mail: MailContext,
  now: Date,
  /** The request's language, for an address whose first account chose none. */
  language?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const accounts = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .orderBy(users.id);
    if (accounts.length === 0) return;
    const links: { username: string; token: string }[] = [];
    for (const user of accounts) {
      const token = newLinkToken();
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      const newest = tx
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id))
        .orderBy(desc(passwordResetTokens.id))
        .limit(LIVE_RESET_LINKS_PER_ACCOUNT);
      await tx
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, user.id),
            or(lte(passwordResetTokens.expiresAt, now), notInArray(passwordResetTokens.id, newest)),
          ),
        );
      links.push({ username: user.username, token });
    }
    // The accounts' own spelling of the address, not the request's.
    const mailed = passwordResetMail(
      mail,
      accounts[0]!.email,
      links,
      accounts[0]!.language ?? language,
    );
    await enqueueMail(tx, mailed, now, {
      kind: 'account',
      perDay: mail.unconfirmedPerDay,
    });
  });
}

/**
 * Sets the new password with a valid link: the link is used up, every session of the member
 * ends (a thief signed in with the old password is signed out), and a pending email change is
 * cancelled (the 'Was this you?' email promises it: whoever asked for it knew the old password).
 * The link was mailed to the member's address, so using it confirms that address
 * (docs/decisions/0029). 400 for an unknown, expired or used link, with one message for all three.
 */
export async function confirmPasswordReset(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<User> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashLinkToken(token)),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(INVALID_RESET_LINK);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId));
    await tx.delete(sessions).where(sql`(${sessions.data}->>'userId')::integer = ${used.userId}`);
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, used.userId));
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning();
    await confirmAddress(tx, user!.email, now);
    return user!;
  });
}

/** A successful sign-in shows the member still knows the password: outstanding links are voided. */
export async function voidPasswordResets(db: Db, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
