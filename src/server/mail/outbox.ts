import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_MAIL_RATE_PER_SECOND, DEFAULT_MAIL_UNCONFIRMED_PER_DAY } from '../env.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { confirmedAddresses, mailOutbox } from '../db/schema.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

/** How long a claimed row belongs to its worker; a worker that died loses it after this. */
export const CLAIM_LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
/** About nine hours of retries before a message is given up on. */
export const MAX_ATTEMPTS = 15;
/** The allowance of an unconfirmed address counts its mail of this last stretch. */
export const ALLOWANCE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How an email stands against the allowance of unconfirmed addresses (docs/decisions/0029):
 * - `account`: account mail (reset and email-change links and notices). To a confirmed address it
 *   always goes, first; to an unconfirmed one it counts against that address's allowance.
 * - `unsolicited`: caused by a request anyone can make and holding nothing the owner needs (the
 *   welcome): counts against the allowance whatever the address.
 * Without a policy (receipts and pass notices, which go to the member who paid) the email always
 * goes, with account mail.
 */
export interface AllowancePolicy {
  kind: 'account' | 'unsolicited';
  /** Unconfirmed mails per address per day (MAIL_UNCONFIRMED_PER_DAY). */
  perDay?: number | undefined;
}

/** Marks an address confirmed: its owner followed a link mailed to it, or the operator gave it. */
export async function confirmAddress(tx: Tx | Db, address: string, now: Date): Promise<void> {
  await tx
    .insert(confirmedAddresses)
    .values({ address: address.toLowerCase(), confirmedAt: now })
    .onConflictDoNothing();
}

export async function isAddressConfirmed(tx: Tx | Db, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ address: confirmedAddresses.address })
    .from(confirmedAddresses)
    .where(eq(confirmedAddresses.address, address.toLowerCase()));
  return row !== undefined;
}

/*
 * The one writer of mail_outbox rows (docs/decisions/0012): every email enters the outbox through
 * enqueueMail (one email, with or without an allowance policy), enqueueBulkMail (organizer mail
 * rendered per recipient) or enqueueBulkMailToEach (organizer mail to a set of recipients in one
 * statement). one-writer.test.ts proves that no other module inserts into the table.
 */

/** How a rendered email is stored: due at once unless `dueAt` says later, bodies kept until it is sent. */
const outboxRow = (mail: OutgoingMail, now: Date, dueAt = now) => ({
  toAddress: mail.to,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html,
  headers: mail.headers ?? null,
  createdAt: now,
  nextAttemptAt: dueAt > now ? dueAt : now,
});

/**
 * A deleted account's tombstone has no address (docs/decisions/0039): its pass notices, receipts
 * and prizes have nobody to go to.
 */
const hasAddress = (mail: OutgoingMail) => mail.to !== '';

/**
 * Written in the caller's transaction, so the email exists exactly when the event that causes it
 * does. With a policy, mail beyond an unconfirmed address's allowance is recorded as suppressed
 * (subject kept, no body) and never sent. The count is taken under a per-address lock held to the
 * end of the transaction, so concurrent requests on any instance cannot both take the last one:
 * a caller with a policy passes its transaction.
 */
export async function enqueueMail(
  tx: Tx | Db,
  mail: OutgoingMail,
  now: Date,
  policy?: AllowancePolicy,
  /** Not sent before this instant (a gift's chosen date, passes/claims.ts). */
  dueAt?: Date,
): Promise<void> {
  if (!hasAddress(mail)) return;
  const row = outboxRow(mail, now, dueAt);
  if (!policy || (policy.kind === 'account' && (await isAddressConfirmed(tx, mail.to)))) {
    await tx.insert(mailOutbox).values(row);
    return;
  }
  const address = mail.to.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-allowance:${address}`}))`);
  const spent = await tx.$count(
    mailOutbox,
    and(
      sql`lower(${mailOutbox.toAddress}) = ${address}`,
      eq(mailOutbox.unconfirmed, true),
      isNull(mailOutbox.suppressedAt),
      gt(mailOutbox.createdAt, new Date(now.getTime() - ALLOWANCE_WINDOW_MS)),
    ),
  );
  const allowance = policy.perDay ?? DEFAULT_MAIL_UNCONFIRMED_PER_DAY;
  await tx
    .insert(mailOutbox)
    .values(
      spent < allowance
        ? { ...row, unconfirmed: true }
        : { ...row, unconfirmed: true, textBody: null, htmlBody: null, suppressedAt: now },
    );
}

/** Rows per INSERT of enqueueBulkMail: well below PostgreSQL's 65,535 parameters per statement. */
const BULK_CHUNK = 500;

/**
 * Organizer mail rendered per recipient (reminders, sale alerts), in the caller's transaction:
 * marked bulk, so the worker sends it after account mail (docs/decisions/0025); never counted
 * against an allowance (docs/decisions/0029).
 */
export async function enqueueBulkMail(
  tx: Tx,
  mails: readonly OutgoingMail[],
  now: Date,
): Promise<void> {
  const rows = mails.filter(hasAddress).map((mail) => ({ ...outboxRow(mail, now), bulk: true }));
  for (let start = 0; start < rows.length; start += BULK_CHUNK) {
    await tx.insert(mailOutbox).values(rows.slice(start, start + BULK_CHUNK));
  }
}

/** One organizer email to a set of recipients, each getting their own unsubscribe token. */
export interface MailToEach {
  /** The email as rendered once, with `placeholder` wherever a recipient's token goes. */
  mail: Omit<OutgoingMail, 'to'>;
  placeholder: string;
  /** A query with one row per recipient: `email`, `token` and `position` (the queuing order). */
  recipients: SQL;
  /** The organizer message the rows belong to: its history counts them (messageHistory). */
  messageId: number;
}

/**
 * Queues `batch` to every recipient with one INSERT … SELECT, the database putting each
 * recipient's token in place of the placeholder: 10,000 recipients cost one statement
 * (bench/messages.ts). Bulk like enqueueBulkMail. Returns how many were queued.
 */
export async function enqueueBulkMailToEach(tx: Tx, batch: MailToEach, now: Date): Promise<number> {
  const { mail, placeholder, recipients, messageId } = batch;
  const headers = JSON.stringify(mail.headers ?? {});
  const [queued] = await queryRows<{ queued: number | string }>(
    tx,
    sql`with queued as (
      insert into mail_outbox
        (to_address, subject, text_body, html_body, headers, bulk, message_id, created_at, next_attempt_at)
      select r.email, ${mail.subject},
        replace(${mail.text}, ${placeholder}, r.token),
        replace(${mail.html}, ${placeholder}, r.token),
        replace(${headers}, ${placeholder}, r.token)::jsonb,
        true, ${messageId}, ${now}, ${now}
      from (${recipients}) r
      where r.email <> ''
      order by r.position
      returning 1)
    select count(*) as queued from queued`,
  );
  return Number(queued?.queued ?? 0);
}

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Takes up to `limit` due rows for this worker. SKIP LOCKED lets several instances claim at
 * once without waiting on or taking each other's rows; moving next_attempt_at a lease ahead is
 * the claim, so it survives the claiming process only until the lease runs out.
 */
export async function claimDueMail(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.gaveUpAt),
        isNull(mailOutbox.suppressedAt),
        lte(mailOutbox.nextAttemptAt, now),
      ),
    )
    // Account mail to confirmed addresses first, then unconfirmed mail, then organizer mail
    // (docs/RULES.md rule 20, docs/decisions/0029): neither a flood of registrations nor a large
    // message delays a member's reset link.
    .orderBy(
      asc(mailOutbox.bulk),
      asc(mailOutbox.unconfirmed),
      asc(mailOutbox.nextAttemptAt),
      asc(mailOutbox.id),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING follows no order: mail goes out in the order it was asked for, account mail first.
  return claimed.sort(
    (a, b) =>
      Number(a.bulk) - Number(b.bulk) ||
      Number(a.unconfirmed) - Number(b.unconfirmed) ||
      a.id - b.id,
  );
}

export interface DeliveryLog {
  warn(details: object, message: string): void;
}

/** Claims due mail and sends it; returns how many rows were claimed. */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  clock: () => Date,
  log: DeliveryLog,
  limit = 10,
): Promise<number> {
  const claimed = await claimDueMail(db, clock(), limit);
  for (const row of claimed) {
    try {
      await transport.send(
        {
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody ?? '',
          html: row.htmlBody ?? '',
          ...(row.headers ? { headers: row.headers } : {}),
        },
        clock(),
      );
    } catch (error) {
      const now = clock();
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      const lastError = error instanceof Error ? error.message : String(error);
      log.warn(
        { mailId: row.id, attempts: row.attempts, givingUp, err: error },
        'sending email failed',
      );
      await db
        .update(mailOutbox)
        .set({
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          gaveUpAt: givingUp ? now : null,
        })
        .where(eq(mailOutbox.id, row.id));
      continue;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: clock(), textBody: null, htmlBody: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
  }
  return claimed.length;
}

/**
 * Sends outbox mail in the background at MAIL_RATE_PER_SECOND: each tick claims at most one
 * second's worth, and after a full batch the next starts when that second is over (otherwise
 * after the poll interval). Redeem and vote never wait on it: queuing is one INSERT, sending is
 * here. The timer is unref'd, so it never keeps a process alive; stop() waits for the send in
 * progress.
 */
export class MailOutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly clock: () => Date,
    private readonly log: DeliveryLog,
    private readonly pollMs = 1000,
    private readonly ratePerSecond = DEFAULT_MAIL_RATE_PER_SECOND,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick();
    }, delayMs);
    this.timer.unref();
  }

  private async tick() {
    const batch = this.ratePerSecond;
    const startedAt = Date.now();
    let claimed = 0;
    try {
      claimed = await deliverDueMail(this.db, this.transport, this.clock, this.log, batch);
    } catch (error) {
      // The database may be briefly away; the next poll tries again.
      this.log.warn({ err: error }, 'mail outbox poll failed');
    }
    // Real time, not the server clock: pacing is about the mail server, not the battle's dates.
    this.schedule(claimed === batch ? Math.max(0, startedAt + 1000 - Date.now()) : this.pollMs);
  }
}
