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
  EMAIL_CHANGE_LINK_HOURS,
  emailChangedNoticeMail,
  emailChangeMail,
  emailChangeRequestedNoticeMail,
  type MailContext,
} from '../mail/messages.ts';
import { confirmAddress, enqueueMail } from '../mail/outbox.ts';
import { hashLinkToken, newLinkToken } from './link-token.ts';
import { passwordMatches } from './service.ts';

const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000;

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
  const token = newLinkToken();
  const change = {
    userId: user.id,
    newEmail: input.newEmail,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    // One pending change per member: an upsert, so two requests at once leave exactly one link.
    await tx
      .insert(emailChangeTokens)
      .values(change)
      .onConflictDoUpdate({ target: emailChangeTokens.userId, set: change });
    await enqueueMail(
      tx,
      emailChangeMail(mail, { newEmail: input.newEmail, username: user.username }, token),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    );
    await enqueueMail(
      tx,
      emailChangeRequestedNoticeMail(mail, {
        currentEmail: user.email,
        newEmail: input.newEmail,
        username: user.username,
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

/**
 * Opens the link: the member's address becomes the new one, the link is used up, the old address
 * is told, and reset links sent to the old address stop working. 400 for an unknown, expired or
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
    const [before] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
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
        oldEmail: before!.email,
        newEmail: change.newEmail,
        username: user!.username,
      }),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    );
    return user!;
  });
}
