import { and, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailChangeTokens, mailOutbox, passwordResetTokens, sandboxMail } from '../db/schema.ts';
import { DEFAULT_MAIL_RETENTION_DAYS } from '../env.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionSettings {
  /** MAIL_RETENTION_DAYS: how long a sent email's record is kept. */
  mailRetentionDays?: number | undefined;
}

/**
 * Personal data is kept only while it serves its purpose (docs/decisions/0039; the privacy page
 * says so). Run by the scheduler (periodic-jobs.ts):
 * - link tokens (password reset, address confirmation) once expired: a used one is deleted when
 *   used (auth/password-reset.ts, auth/email-change.ts);
 * - mail: bodies go when sent (mail/outbox.ts); a failed email's bodies and every finished
 *   email's address after MAIL_RETENTION_DAYS. A finished row of an organizer message stays
 *   without its address, since the message's delivered and failed counts read it; any other
 *   finished row goes. The sandbox mailbox (test tools) keeps its mail as long.
 * Ended sessions go with the session-sweep job (signing out deletes the row at once), rate-limit
 * counters when their window ends (the rate-limit-sweep job).
 */
export async function purgeEndedData(
  db: Db,
  now: Date,
  settings: RetentionSettings = {},
): Promise<void> {
  await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now));
  await db.delete(emailChangeTokens).where(lte(emailChangeTokens.expiresAt, now));

  const keptSince = new Date(
    now.getTime() - (settings.mailRetentionDays ?? DEFAULT_MAIL_RETENTION_DAYS) * DAY_MS,
  );
  const finishedBefore = and(
    lt(mailOutbox.createdAt, keptSince),
    or(
      isNotNull(mailOutbox.sentAt),
      isNotNull(mailOutbox.gaveUpAt),
      isNotNull(mailOutbox.suppressedAt),
    ),
  );
  await db.delete(mailOutbox).where(and(finishedBefore, isNull(mailOutbox.messageId)));
  await db
    .update(mailOutbox)
    .set({ toAddress: '', textBody: null, htmlBody: null, headers: null, lastError: null })
    .where(and(finishedBefore, isNotNull(mailOutbox.messageId), ne(mailOutbox.toAddress, '')));
  await db.delete(sandboxMail).where(lt(sandboxMail.sentAt, keptSince));
}
