import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import { LAST_ORGANIZER, WRONG_PASSWORD } from '#shared/member-data.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  confirmedAddresses,
  emailChangeTokens,
  mailOutbox,
  passwordResetTokens,
  rateLimitCounters,
  saleAlerts,
  sandboxMail,
  sessions,
  users,
  type User,
} from '../db/schema.ts';
import { badRequest, conflict, unauthorized } from '../errors.ts';
import { accountDeletedMail, type MailContext } from '../mail/templates.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordMatches } from '../auth/service.ts';

/**
 * A deleted account's row is its tombstone (docs/decisions/0039): the id stays, so its passes,
 * coupons, votes and payments keep their owner, but nothing in it names a person. Its address is
 * empty (no mail can go to it, mail/outbox.ts) and its password hash no hash, so no password
 * matches it and no reset link can reach it.
 */
export const TOMBSTONE_EMAIL = '';
const TOMBSTONE_PASSWORD_HASH = '!deleted';

/** The tombstone's username: unique (the index is on every row) and plainly not a person's name. */
const tombstoneUsername = (userId: number) => `deleted-${userId}-${randomBytes(4).toString('hex')}`;

export const isTombstone = (user: Pick<User, 'email'>) => user.email === TOMBSTONE_EMAIL;

/**
 * Deletes the signed-in member's account after their password (POST /api/user/delete): the
 * personal data (username, email, full name, password hash, sessions, tokens, sale alerts, queued
 * mail) is erased in one transaction; passes, coupons, votes and payments stay under the tombstone,
 * so counts, settlement, results and the published votes.csv (which names passes only by their
 * pseudonym) do not change. The last organizer is refused: the site would have nobody to run it.
 * A confirmation goes to the old address. Deleting the session rows ends the account's sessions
 * on every instance (the sessions trigger's notice, docs/decisions/0031).
 */
export async function deleteAccount(
  db: Db,
  user: User,
  password: string,
  mail: MailContext,
  now: Date,
): Promise<void> {
  if (isTombstone(user) || !(await passwordMatches(user, password)))
    throw badRequest(WRONG_PASSWORD);
  await db.transaction(async (tx) => {
    // Organizers are locked together, so two last organizers deleting at once cannot both go.
    const organizers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(users.id)
      .for('update');
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!current || isTombstone(current)) throw unauthorized();
    if (current.isAdmin && organizers.every((organizer) => organizer.id === current.id))
      throw conflict(LAST_ORGANIZER);

    await tx.delete(sessions).where(sql`(${sessions.data}->>'userId')::integer = ${current.id}`);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, current.id));
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, current.id));
    await eraseLimitCounters(tx, current);
    await tx
      .update(users)
      .set({
        username: tombstoneUsername(current.id),
        email: TOMBSTONE_EMAIL,
        fullName: null,
        passwordHash: TOMBSTONE_PASSWORD_HASH,
        isAdmin: false,
        stripeCustomerId: null,
        organizerMail: false,
        // Off every explorer board at once, and the chosen name gone (docs/decisions/0047).
        explorerOptIn: false,
        explorerName: null,
        // The old token was mailed; a fresh one nobody holds unsubscribes nothing.
        mailToken: randomBytes(32).toString('hex'),
      })
      .where(eq(users.id, current.id));
    await eraseAddress(tx, current.email);
    await enqueueMail(tx, accountDeletedMail(mail, current.email, current.language), now, {
      kind: 'account',
      perDay: mail.unconfirmedPerDay,
    });
  });
}

/**
 * What the site keeps by address rather than by account. Addresses are not unique, so when another
 * account still uses this one, the rows are that account's too and stay. Otherwise: sale alerts
 * and the address's confirmation go; unsent mail goes; sent mail keeps its row without the address
 * (an organizer message's delivered count reads it) and without bodies.
 */
async function eraseAddress(tx: Tx, email: string) {
  const address = email.toLowerCase();
  const sameAddress = (column: AnyColumn) => sql`lower(${column}) = ${address}`;
  const [shared] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sameAddress(users.email))
    .limit(1);
  if (shared) return;
  await tx.delete(saleAlerts).where(sameAddress(saleAlerts.email));
  await tx.delete(confirmedAddresses).where(eq(confirmedAddresses.address, address));
  await tx.delete(sandboxMail).where(sameAddress(sandboxMail.toAddress));
  await tx
    .delete(mailOutbox)
    .where(
      and(
        sameAddress(mailOutbox.toAddress),
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.gaveUpAt),
        isNull(mailOutbox.suppressedAt),
      ),
    );
  await tx
    .update(mailOutbox)
    .set({
      toAddress: TOMBSTONE_EMAIL,
      textBody: null,
      htmlBody: null,
      headers: null,
      lastError: null,
    })
    .where(and(sameAddress(mailOutbox.toAddress), ne(mailOutbox.toAddress, TOMBSTONE_EMAIL)));
}

/** Limit counters keyed on the username or the address (plugins/rate-limits.ts keys: `name:value`). */
async function eraseLimitCounters(tx: Tx, user: User) {
  const value = sql`substr(${rateLimitCounters.key}, strpos(${rateLimitCounters.key}, ':') + 1)`;
  await tx
    .delete(rateLimitCounters)
    .where(
      sql`starts_with(${value}, ${`${user.username.toLowerCase()}|`}) or starts_with(${value}, ${`${user.email.toLowerCase()}|`})`,
    );
}
