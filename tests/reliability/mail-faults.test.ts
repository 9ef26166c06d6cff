import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { deliverDueMail, enqueueMail, MailOutboxWorker } from '#server/mail/outbox.ts';
import { createSmtpTransport } from '#server/mail/transport.ts';
import { freePort } from '#tests/helpers/instances.ts';
import { migratedPostgresDatabase, startServer } from '#tests/helpers/server-process.ts';
import { SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { ServerClock } from '#server/clock/clock.ts';

/**
 * Email survives faults: a real SMTP server (smtp-server) that goes down and comes back, a site
 * killed between claiming a message and finishing its send, and two instances sending from one
 * outbox. Each message arrives exactly once.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MAIL_FROM = 'Local Battles <battles@example.com>';
const quietLog = { warn: () => {} };

let databaseUrl: string;
let database: Database;
const sink = new SmtpSink();

beforeAll(async () => {
  ({ databaseUrl, database } = await migratedPostgresDatabase(serverUrl, 'lb_reliability_mail'));
  await sink.start();
}, 60_000);

afterAll(async () => {
  await sink.stop();
  await database.close();
});

const mail = (subject: string) => ({
  to: 'member@example.com',
  subject,
  text: `${subject}\n`,
  html: `<p>${subject}</p>`,
});

describe('mail faults', () => {
  it('keeps a message while the mail server is down and sends it once when it is back', async () => {
    const clock = ServerClock.stoppedAt();
    const transport = createSmtpTransport(sink.url, MAIL_FROM);
    await enqueueMail(database.db, mail('while down'), clock.now());
    await sink.stop();

    expect(await deliverDueMail(database.db, transport, clock.now, quietLog)).toBe(1);
    const [failed] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'while down'));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    await sink.start();
    clock.advance(30_000);
    expect(await deliverDueMail(database.db, transport, clock.now, quietLog)).toBe(1);
    clock.advance(10 * 60_000);
    expect(await deliverDueMail(database.db, transport, clock.now, quietLog)).toBe(0);
    expect(sink.subjects().filter((subject) => subject === 'while down')).toHaveLength(1);
    expect(sink.received.find((received) => received.subject === 'while down')?.to).toEqual([
      'member@example.com',
    ]);
    transport.close();
  });

  it('sends a message after a restart when the site was killed between claiming and sending', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: sink.url, MAIL_FROM };
    sink.stall = true;
    const dataStarted = sink.nextDataStart();
    const first = await startServer(port, env);
    const registration = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({
        username: 'killed_mid_send',
        email: 'killed@example.com',
        fullName: 'Killed Midsend',
        password: 'password123',
      }),
    });
    expect(registration.status).toBe(201);
    // The worker claimed the welcome and is sending it: the process dies now.
    await dataStarted;
    await first.kill();
    const [claimed] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'killed@example.com'));
    expect(claimed).toMatchObject({ attempts: 1, sentAt: null });
    expect(sink.received.filter((received) => received.to.includes('killed@example.com'))).toEqual(
      [],
    );

    // The dead process's claim runs out as if its lease (60 s, src/server/mail/outbox.test.ts
    // holds a row for that long) had passed, without waiting a minute.
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.toAddress, 'killed@example.com'));
    sink.stall = false;
    const restarted = await startServer(port, env);
    try {
      // The sink holds the message a moment before the server records it as sent: wait for both.
      await expect
        .poll(
          async () => {
            const [row] = await database.db
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.toAddress, 'killed@example.com'));
            return {
              received: sink.received.filter((received) =>
                received.to.includes('killed@example.com'),
              ).length,
              attempts: row?.attempts,
              sent: row?.sentAt instanceof Date,
            };
          },
          { timeout: 60_000, interval: 250 },
        )
        .toEqual({ received: 1, attempts: 2, sent: true });
    } finally {
      await restarted.stop();
    }
  }, 200_000);

  it('two instances sending from one outbox send every message once', async () => {
    const messages = Array.from({ length: 60 }, (_, index) => `two instances ${index}`);
    const clock = ServerClock.stoppedAt();
    for (const subject of messages) await enqueueMail(database.db, mail(subject), clock.now());
    const second = await openDatabase({ databaseUrl });
    const workers = [database, second].map(
      (instance) =>
        new MailOutboxWorker(
          instance.db,
          createSmtpTransport(sink.url, MAIL_FROM),
          clock.now,
          quietLog,
          10,
        ),
    );
    workers.forEach((worker) => worker.start());
    try {
      await expect
        .poll(
          async () =>
            database.db.$count(
              mailOutbox,
              sql`${mailOutbox.subject} like 'two instances %' and ${mailOutbox.sentAt} is not null`,
            ),
          {
            timeout: 60_000,
          },
        )
        .toBe(messages.length);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await second.close();
    }
    const received = sink.subjects().filter((subject) => subject.startsWith('two instances'));
    expect(received.sort()).toEqual([...messages].sort());
    // No row was claimed twice.
    const attempts = await database.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'two instances %'`);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });
});
