import { and, eq, lt, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { payments, rateLimitCounters, sessions } from '../db/schema.ts';
import { revealDueDraws } from '../draws/service.ts';
import type { MailContext } from '../mail/templates.ts';
import { queueReminders, queueSaleAlerts } from '../messages/jobs.ts';
import { publishDueResults } from '../results/publish.ts';
import { markChangedPasses } from '../wallet/updates.ts';
import { purgeEndedData } from './retention.ts';
import type { PeriodicJob } from './scheduler.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Stripe's default lifetime of a Checkout Session; the sandbox page's sessions live as long. */
export const SANDBOX_CHECKOUT_LIFETIME_MS = 24 * HOUR_MS;

export interface PeriodicJobDeps {
  mail: MailContext;
  /** The app's change feed: a job's committed public change clears every instance's public reads. */
  changes: Pick<ChangeFeed, 'announcePublicChange'>;
  /** How long sent mail is kept (MAIL_RETENTION_DAYS, docs/decisions/0039). */
  mailRetentionDays?: number;
}

/** The periodic work of the site, each run once per interval across instances (scheduler.ts). */
export function periodicJobs(
  db: Db,
  { mail, changes, mailRetentionDays }: PeriodicJobDeps,
): PeriodicJob[] {
  return [
    {
      // docs/RULES.md rule 19: a battle's draws are revealed within a minute of its end, on the
      // server clock's `now` (so a moved test clock reveals them too); revealDraw locks each draw,
      // so an organizer's reveal at the same moment changes nothing twice. Once committed, the
      // reveal is announced like the organizer's (draws/session-routes.ts): the public draws list,
      // the results and the pages that show them are read again at once, on every instance.
      name: 'draw-reveal',
      intervalMs: MINUTE_MS,
      run: async (now) => {
        if ((await revealDueDraws(db, now, mail)) > 0) await changes.announcePublicChange();
      },
    },
    {
      // docs/RULES.md rule 23: a battle's results and votes.csv are stored within a minute of its
      // end, and each recorded correction within a minute of it; the first request after either
      // stores them too, and the challenge's row lock keeps it to one version each.
      name: 'results-publish',
      intervalMs: MINUTE_MS,
      run: async (now) => {
        await publishDueResults(db, now);
      },
    },
    {
      // docs/decisions/0043: wallet copies change within a minute of the battle's end, and of
      // any change whose notice was lost (wallet/updates.ts marks the rest at once).
      name: 'wallet-updates',
      intervalMs: MINUTE_MS,
      run: async (now) => {
        await markChangedPasses(db, now);
      },
    },
    {
      // Reminders go within this long of their moment; the pass_reminders key keeps them single.
      name: 'pass-reminders',
      intervalMs: 5 * MINUTE_MS,
      run: async (now) => {
        await queueReminders(db, mail, now);
      },
    },
    {
      name: 'sale-alerts',
      intervalMs: 5 * MINUTE_MS,
      run: async (now) => {
        await queueSaleAlerts(db, mail, now);
      },
    },
    {
      name: 'session-sweep',
      intervalMs: HOUR_MS,
      run: async (now) => {
        await db.delete(sessions).where(lt(sessions.expiresAt, now));
      },
    },
    {
      // Expired link tokens and sent mail past MAIL_RETENTION_DAYS (docs/decisions/0039).
      name: 'data-retention',
      intervalMs: HOUR_MS,
      run: async (now) => {
        await purgeEndedData(db, now, { mailRetentionDays });
      },
    },
    {
      name: 'rate-limit-sweep',
      intervalMs: 15 * MINUTE_MS,
      // Windows run on the database's clock (plugins/rate-limits.ts), so they end on it too.
      run: async () => {
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowEndsAt} <= now()`);
      },
    },
    {
      // Stripe expires its own sessions and says so by webhook; nothing expires the sandbox's.
      name: 'sandbox-checkout-expiry',
      intervalMs: HOUR_MS,
      run: async (now) => {
        await db
          .update(payments)
          .set({ status: 'expired', updatedAt: now })
          .where(
            and(
              eq(payments.provider, 'sandbox'),
              eq(payments.status, 'pending'),
              lt(payments.createdAt, new Date(now.getTime() - SANDBOX_CHECKOUT_LIFETIME_MS)),
            ),
          );
      },
    },
  ];
}
