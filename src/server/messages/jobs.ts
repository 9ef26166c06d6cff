import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { challengeInPhase } from '../challenges/phase.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { challenges, saleAlerts } from '../db/schema.ts';
import { enqueueBulkMail } from '../mail/outbox.ts';
import { mailWords, reminderMail, saleAlertMail, type MailContext } from '../mail/templates.ts';
import { reminderRecipients } from './audience.ts';
import { textsIn } from '#shared/translations.ts';

/**
 * Reminders before the end (docs/RULES.md rule 20): from `reminderHoursBeforeEnd` hours before a challenge's
 * end while it runs (its end instant included, as for a vote), each holder of an active pass with unused coupons (of live shops) or votes,
 * who has not unsubscribed, gets one reminder naming what is left. The pass_reminders key is
 * what makes it once per pass: the insert that claims it and the email share a transaction, so
 * two instances, or a retried run, never send a second. Returns how many were queued.
 */
export async function queueReminders(db: Db, mail: MailContext, now: Date): Promise<number> {
  const due = await db
    .select({
      id: challenges.id,
      title: challenges.title,
      translations: challenges.translations,
      endDate: challenges.endDate,
      timeZone: challenges.timeZone,
    })
    .from(challenges)
    .where(
      and(
        eq(challenges.active, true),
        gt(challenges.reminderHoursBeforeEnd, 0),
        challengeInPhase('running', now),
        lte(
          sql`${challenges.endDate} - ${challenges.reminderHoursBeforeEnd} * interval '1 hour'`,
          now,
        ),
      ),
    );
  let queued = 0;
  for (const challenge of due) {
    queued += await db.transaction(async (tx) => {
      const claimed = await queryRows<{
        email: string;
        language: string | null;
        mail_token: string;
        coupons: number | string;
        votes: number | string;
      }>(
        tx,
        sql`with wanted as (${reminderRecipients(challenge.id)}), claimed as (
          insert into pass_reminders (pass_id, sent_at)
          select pass_id, ${now} from wanted
          on conflict (pass_id) do nothing
          returning pass_id
        )
        select w.email, w.language, w.mail_token, w.coupons, w.votes
        from wanted w join claimed using (pass_id)
        order by w.pass_id`,
      );
      const msLeft = challenge.endDate.getTime() - now.getTime();
      await enqueueBulkMail(
        tx,
        claimed.map((row) =>
          reminderMail(
            mail,
            {
              to: row.email,
              language: row.language,
              // The battle's title in the language the email speaks, where the organizer wrote one.
              challengeTitle: textsIn(
                challenge,
                challenge.translations,
                ['title'],
                mailWords(mail, row.language).language,
              ).title,
              endDate: challenge.endDate,
              timeZone: challenge.timeZone,
              msLeft,
              coupons: Number(row.coupons),
              votes: Number(row.votes),
            },
            row.mail_token,
          ),
        ),
        now,
      );
      return claimed.length;
    });
  }
  return queued;
}

/**
 * 'Tell me when passes go on sale' (docs/decisions/0025-organizer-mail.md): once an active challenge has started (its
 * passes sell while it runs, shared/challenge-phase.ts), each pending alert is marked sent and
 * its email queued in one transaction, so it goes once. Returns how many were queued.
 */
export async function queueSaleAlerts(db: Db, mail: MailContext, now: Date): Promise<number> {
  const started = await db
    .select({
      id: challenges.id,
      title: challenges.title,
      translations: challenges.translations,
    })
    .from(challenges)
    .innerJoin(saleAlerts, eq(saleAlerts.challengeId, challenges.id))
    .where(
      and(
        eq(challenges.active, true),
        challengeInPhase('running', now),
        isNull(saleAlerts.sentAt),
        isNull(saleAlerts.unsubscribedAt),
      ),
    )
    .groupBy(challenges.id);
  let queued = 0;
  for (const challenge of started) {
    queued += await db.transaction(async (tx) => {
      const alerts = await tx
        .update(saleAlerts)
        .set({ sentAt: now })
        .where(
          and(
            eq(saleAlerts.challengeId, challenge.id),
            isNull(saleAlerts.sentAt),
            isNull(saleAlerts.unsubscribedAt),
          ),
        )
        .returning({
          email: saleAlerts.email,
          token: saleAlerts.token,
          language: saleAlerts.language,
        });
      await enqueueBulkMail(
        tx,
        alerts.map((alert) =>
          saleAlertMail(
            mail,
            {
              to: alert.email,
              language: alert.language,
              // The battle's title in the alert's language where the organizer wrote one.
              challengeTitle: alert.language
                ? textsIn(challenge, challenge.translations, ['title'], alert.language).title
                : challenge.title,
            },
            alert.token,
          ),
        ),
        now,
      );
      return alerts.length;
    });
  }
  return queued;
}
