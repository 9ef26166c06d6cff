import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { challengePhase } from '#shared/challenge-phase.ts';
import {
  testSubject,
  type Audience,
  type AudienceCounts,
  type MailPreferences,
  type MessageInput,
  type MessageSummary,
  type MessageTestInput,
  MESSAGE_TEXT_FIELDS,
} from '#shared/messages.ts';
import { textsIn } from '#shared/translations.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { organizerMessages, saleAlerts, users } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { mailWords, organizerMessageMail, type MailContext } from '../mail/templates.ts';
import { enqueueBulkMailToEach, enqueueMail } from '../mail/outbox.ts';
import { requireChallenge, requirePublishedChallenge } from '../challenges/require.ts';
import { audienceCondition, holdersOf, speaks } from './audience.ts';
import { SITE_LANGUAGES, type SiteLanguages } from '#shared/languages.ts';
import { checkedTranslations, contentLanguageOf } from '../challenges/content-language.ts';
import type { Challenge } from '../db/schema.ts';

/** How many members each audience reaches right now: one pass over the challenge's holders. */
export async function audienceCounts(db: Db, challengeId: number): Promise<AudienceCounts> {
  await requireChallenge(db, challengeId);
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select
      count(*) as "all",
      count(*) filter (where ${audienceCondition('no-redemptions')}) as "no-redemptions",
      count(*) filter (where ${audienceCondition('unused-coupons')}) as "unused-coupons",
      count(*) filter (where ${audienceCondition('unused-votes')}) as "unused-votes"
      ${holdersOf(challengeId)}`,
  );
  return {
    all: Number(row?.all ?? 0),
    'no-redemptions': Number(row?.['no-redemptions'] ?? 0),
    'unused-coupons': Number(row?.['unused-coupons'] ?? 0),
    'unused-votes': Number(row?.['unused-votes'] ?? 0),
  };
}

/**
 * A message in one language (docs/decisions/0050-content-languages.md): its subject and text
 * written for that language when the organizer wrote them, else the battle's main language's, and
 * the battle's title in that language. Translations for a language the site does not have are
 * refused (400).
 */
function messageIn(
  challenge: Challenge,
  input: MessageTestInput,
  site: SiteLanguages,
): (language: string) => { subject: string; text: string; challengeTitle: string } {
  const translations = checkedTranslations(
    input.translations ?? {},
    contentLanguageOf(challenge, site),
    site,
  );
  return (language) => ({
    ...textsIn(
      { subject: input.subject, text: input.text },
      translations,
      MESSAGE_TEXT_FIELDS,
      language,
    ),
    challengeTitle: textsIn(challenge, challenge.translations, ['title'], language).title,
  });
}

/**
 * Records the message and queues one email per recipient in one set-based INSERT … SELECT per
 * language (enqueueBulkMailToEach), and the worker sends them at MAIL_RATE_PER_SECOND. Each
 * language's batch gets the message written for it, else the battle's main language's. The body is
 * built once per language with a random placeholder that the database replaces by each member's
 * unsubscribe token.
 */
export async function sendMessage(
  db: Db,
  mail: MailContext,
  input: MessageInput & { challengeId: number; sentBy: number },
  now: Date,
): Promise<{ id: number; recipients: number }> {
  const challenge = await requireChallenge(db, input.challengeId);
  const placeholder = `UNSUBSCRIBETOKEN${randomBytes(16).toString('hex')}`;
  const languages = mail.languages ?? SITE_LANGUAGES;
  const inLanguage = messageIn(challenge, input, languages);
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(organizerMessages)
      .values({
        challengeId: input.challengeId,
        subject: input.subject,
        textBody: input.text,
        audience: input.audience,
        recipients: 0,
        sentBy: input.sentBy,
        sentAt: now,
      })
      .returning({ id: organizerMessages.id });
    if (!message) throw new Error('insert returned no row');
    // One template per language, each to the members whose email speaks it.
    let recipients = 0;
    for (const language of languages.languages) {
      const template = organizerMessageMail(
        mail,
        { to: '', ...inLanguage(language), language },
        placeholder,
      );
      recipients += await enqueueBulkMailToEach(
        tx,
        {
          mail: template,
          placeholder,
          recipients: sql`select u.email, u.mail_token as token, p.id as position
            ${holdersOf(input.challengeId)} and ${audienceCondition(input.audience)}
            and ${speaks(language, languages)}`,
          messageId: message.id,
        },
        now,
      );
    }
    await tx
      .update(organizerMessages)
      .set({ recipients })
      .where(eq(organizerMessages.id, message.id));
    return { id: message.id, recipients };
  });
}

/**
 * 'Send a test to me': the message exactly as members get it (their footer, the organizer's own
 * unsubscribe link), in the organizer's own language, to the signed-in organizer's own address and
 * nobody else's, its subject marked as a test. Not bulk, so it arrives at once; counted like
 * account mail against an unconfirmed address's daily allowance (docs/decisions/0029), and the
 * route limits requests.
 */
export async function sendTestMessage(
  db: Db,
  mail: MailContext,
  input: MessageTestInput & { challengeId: number; organizerId: number },
  now: Date,
): Promise<{ to: string }> {
  const challenge = await requireChallenge(db, input.challengeId);
  const inLanguage = messageIn(challenge, input, mail.languages ?? SITE_LANGUAGES);
  const [organizer] = await db
    .select({ email: users.email, language: users.language, mailToken: users.mailToken })
    .from(users)
    .where(eq(users.id, input.organizerId));
  if (!organizer) throw notFound('Account not found');
  const language = mailWords(mail, organizer.language).language;
  const { subject, ...message } = inLanguage(language);
  await db.transaction((tx) =>
    enqueueMail(
      tx,
      organizerMessageMail(
        mail,
        { to: organizer.email, subject: testSubject(subject), ...message, language },
        organizer.mailToken,
      ),
      now,
      { kind: 'account', perDay: mail.unconfirmedPerDay },
    ),
  );
  return { to: organizer.email };
}

/** The challenge's messages, newest first, with delivered and failed counts from the outbox. */
export async function messageHistory(db: Db, challengeId: number): Promise<MessageSummary[]> {
  await requireChallenge(db, challengeId);
  const rows = await queryRows<{
    id: number;
    subject: string;
    audience: Audience;
    sent_at: Date | string;
    recipients: number;
    delivered: number | string;
    failed: number | string;
  }>(
    db,
    sql`select m.id, m.subject, m.audience, m.sent_at, m.recipients,
        count(o.id) filter (where o.sent_at is not null) as delivered,
        count(o.id) filter (where o.gave_up_at is not null) as failed
      from organizer_messages m left join mail_outbox o on o.message_id = m.id
      where m.challenge_id = ${challengeId}
      group by m.id
      order by m.sent_at desc, m.id desc
      limit 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    audience: row.audience,
    sentAt: new Date(row.sent_at).toISOString(),
    recipients: row.recipients,
    delivered: Number(row.delivered),
    failed: Number(row.failed),
  }));
}

/**
 * 'Tell me when passes go on sale' (POST /api/challenges/:id/sale-alerts): only while a published
 * challenge is upcoming; the sale-alerts job mails it once the challenge starts (jobs.ts). The
 * same outcome whether the address is new or already listed: nobody learns who asked.
 */
export async function requestSaleAlert(
  db: Db,
  challengeId: number,
  email: string,
  now: Date,
  /** The language of the page it was asked on, which its email speaks. */
  language: string | null = null,
): Promise<void> {
  const challenge = await requirePublishedChallenge(db, challengeId);
  const phase = challengePhase(challenge, now);
  if (phase !== 'upcoming')
    throw badRequest(
      phase === 'running'
        ? `${challenge.title} passes are already on sale.`
        : `${challenge.title} has ended.`,
    );
  await db
    .insert(saleAlerts)
    .values({ challengeId: challenge.id, email, language, createdAt: now })
    // sale_alerts_challenge_email_uq: one alert per address (any case) and challenge.
    .onConflictDoNothing();
}

/** The member's own 'Emails from the organizer' switch (/profile). */
export async function mailPreferences(db: Db, userId: number): Promise<MailPreferences> {
  const [row] = await db
    .select({ organizerMail: users.organizerMail })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  return row;
}

/** Sets the member's 'Emails from the organizer' switch; answers it as stored. */
export async function setMailPreferences(
  db: Db,
  userId: number,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  const [row] = await db
    .update(users)
    .set({ organizerMail: preferences.organizerMail })
    .where(eq(users.id, userId))
    .returning({ organizerMail: users.organizerMail });
  if (!row) throw notFound('Account not found');
  return row;
}

/**
 * Switches an emailed token's mail on or off: a member's organizer mail, or every sale alert of
 * the alert's address (off: those still pending; on: all of them pending again). Anything else
 * changes nothing. Answers whether the token was known.
 */
async function switchMail(db: Db, token: string, on: boolean, now: Date): Promise<boolean> {
  const members = await db
    .update(users)
    .set({ organizerMail: on })
    .where(eq(users.mailToken, token))
    .returning({ id: users.id });
  if (members.length > 0) return true;
  const [alert] = await db
    .select({ email: saleAlerts.email })
    .from(saleAlerts)
    .where(eq(saleAlerts.token, token));
  if (!alert) return false;
  const sameAddress = sql`lower(${saleAlerts.email}) = lower(${alert.email})`;
  await db
    .update(saleAlerts)
    .set({ unsubscribedAt: on ? null : now })
    .where(on ? sameAddress : and(sameAddress, isNull(saleAlerts.unsubscribedAt)));
  return true;
}

/** One-click unsubscribe (RFC 8058) from an emailed link. */
export function unsubscribe(db: Db, token: string, now: Date): Promise<boolean> {
  return switchMail(db, token, false, now);
}

/** Undoes `unsubscribe` from the same link ('Resubscribe'). */
export function resubscribe(db: Db, token: string, now: Date): Promise<boolean> {
  return switchMail(db, token, true, now);
}

/** Whether a token is one of ours, for the confirm page (GET changes nothing). */
export async function tokenKnown(db: Db, token: string): Promise<boolean> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.mailToken, token));
  if (member) return true;
  const [alert] = await db
    .select({ id: saleAlerts.id })
    .from(saleAlerts)
    .where(eq(saleAlerts.token, token));
  return alert !== undefined;
}
