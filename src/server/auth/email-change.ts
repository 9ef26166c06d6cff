import { and, eq, gt, ne, sql } from 'drizzle-orm';
import {
  EMAIL_IN_USE,
  INVALID_EMAIL_CHANGE_LINK,
  SAME_EMAIL,
  WRONG_CURRENT_PASSWORD,
} from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { emailChangeTokens, passwordResetTokens, users, type User } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import {
  emailChangedNoticeMail,
  emailChangeMail,
  emailChangeRequestedNoticeMail,
  type MailContext,
} from '../mail/templates.ts';
import { confirmAddress, enqueueMail } from '../mail/outbox.ts';
import { hashLinkToken, storeAddressLink } from './link-token.ts';
import { passwordMatches } from './service.ts';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Mails a confirmation link to the new address; the address itself changes only when the link is
 * opened (confirmEmailChange). The current address is told at once ('Was this you?'), in the same
 * transaction, so an owner whose password is known to someone else hears of it before the link is
 * opened. A newer request replaces the older one. Whether another account
 * uses the new address is told only to whoever opens the link, that is the address's owner
 * (docs/decisions/0014), so this request reveals nothing about other accounts.
 */
export async function requestEmailChange(
  db: Db,
  user: User,
  input: { newEmail: string; currentPassword: string },
  mail: MailContext,
  now: Date,
): Promise<void> {
  if (!(await passwordMatches(user, input.currentPassword)))
    throw badRequest(WRONG_CURRENT_PASSWORD);
  if (sameAddress(user.email, input.newEmail)) throw badRequest(SAME_EMAIL);
  await db.transaction(async (tx) => {
    // One pending change per member: a newer request (or this one) replaces the welcome's link.
    const token = await storeAddressLink(tx, user.id, input.newEmail, now);
    await enqueueMail(
      tx,
      emailChangeMail(
        mail,
        { newEmail: input.newEmail, username: user.username, language: user.language },
        token,
      ),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    );
    await enqueueMail(
      tx,
      emailChangeRequestedNoticeMail(mail, {
        currentEmail: user.email,
        newEmail: input.newEmail,
        username: user.username,
        language: user.language,
      }),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    );
  });
}

/**
 * The address a live link would set, so the confirm page can name it before the click. The link
 * was mailed to that address, so whoever holds it learns nothing new; an unknown, expired or used
 * link is 404 with the confirm's own message.
 */
export async function previewEmailChange(db: Db, token: string, now: Date) {
  const [change] = await db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.tokenHash, hashLinkToken(token)),
        gt(emailChangeTokens.expiresAt, now),
      ),
    );
  if (!change) throw notFound(INVALID_EMAIL_CHANGE_LINK);
  return change;
}

/** The answer to a confirmed change: the address the account now has. */
export const emailChanged = (email: string) => `Your email address is now ${email}.`;

/**
 * Opens the link: the member's address becomes the new one, the link is used up, the old address
 * is told, and reset links sent to the old address stop working; either way the address it was
 * mailed to is confirmed (docs/decisions/0029). The welcome's link names the current address and
 * only confirms it. 400 for an unknown, expired or
 * used link (one message for all three); 409 when another account uses the address by now.
 */
export async function confirmEmailChange(db: Db, token: string, mail: MailContext, now: Date) {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .delete(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.tokenHash, hashLinkToken(token)),
          gt(emailChangeTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!change) throw badRequest(INVALID_EMAIL_CHANGE_LINK);
    const [current] = await tx
      .select()
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    // The welcome's link names the address the account already has: it only confirms it.
    if (sameAddress(current!.email, change.newEmail)) {
      await confirmAddress(tx, change.newEmail, now);
      return current!;
    }
    // Addresses are not unique in the table (registration allows a shared one), so two changes
    // to one address are kept apart by a lock on the address for the rest of this transaction.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${change.newEmail})))`);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = lower(${change.newEmail})`, ne(users.id, change.userId)),
      )
      .limit(1);
    if (taken) throw conflict(EMAIL_IN_USE);
    const [user] = await tx
      .update(users)
      .set({ email: change.newEmail })
      .where(eq(users.id, change.userId))
      .returning();
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, change.userId));
    // The link was mailed to the new address: opening it confirms it (docs/decisions/0029).
    await confirmAddress(tx, change.newEmail, now);
    await enqueueMail(
      tx,
      emailChangedNoticeMail(mail, {
        oldEmail: current!.email,
        newEmail: change.newEmail,
        username: user!.username,
        language: user!.language,
      }),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    );
    return user!;
  });
}
