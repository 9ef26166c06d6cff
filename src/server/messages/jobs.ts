import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { challengeInPhase } from '../challenges/phase.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { challenges, mailOutbox, saleAlerts } from '../db/schema.ts';
import { reminderMail, saleAlertMail, type MailContext } from '../mail/messages.ts';
import type { OutgoingMail } from '../mail/transport.ts';

const INSERT_CHUNK = 500;

/** Organizer mail straight into the outbox, in the caller's transaction, after account mail. */
async function enqueueBulk(tx: Tx, mails: OutgoingMail[], now: Date) {
  for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
    await tx.insert(mailOutbox).values(
      mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: mail.headers ?? null,
        bulk: true,
        createdAt: now,
        nextAttemptAt: now,
      })),
    );
  }
}

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
        mail_token: string;
        coupons: number | string;
        votes: number | string;
      }>(
        tx,
        sql`with left_over as (
          select p.id as pass_id, u.email, u.mail_token,
            (select count(*) from coupons c join businesses b on b.id = c.business_id
              where c.pass_id = p.id and not c.redeemed and b.deleted_at is null) as coupons,
            available_votes(p.id) as votes
          from passes p join users u on u.id = p.user_id
          where p.challenge_id = ${challenge.id} and p.active and u.organizer_mail
        ), wanted as (
          select * from left_over where coupons > 0 or votes > 0
        ), claimed as (
          insert into pass_reminders (pass_id, sent_at)
          select pass_id, ${now} from wanted
          on conflict (pass_id) do nothing
          returning pass_id
        )
        select w.email, w.mail_token, w.coupons, w.votes
        from wanted w join claimed using (pass_id)
        order by w.pass_id`,
      );
      const msLeft = challenge.endDate.getTime() - now.getTime();
      await enqueueBulk(
        tx,
        claimed.map((row) =>
          reminderMail(
            mail,
            {
              to: row.email,
              challengeTitle: challenge.title,
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
    .select({ id: challenges.id, title: challenges.title })
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
        .returning({ email: saleAlerts.email, token: saleAlerts.token });
      await enqueueBulk(
        tx,
        alerts.map((alert) =>
          saleAlertMail(mail, { to: alert.email, challengeTitle: challenge.title }, alert.token),
        ),
        now,
      );
      return alerts.length;
    });
  }
  return queued;
}
