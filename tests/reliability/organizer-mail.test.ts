import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '#server/auth/service.ts';
import type { Database } from '#server/db/client.ts';
import { passReminders, users } from '#server/db/schema.ts';
import { queueReminders } from '#server/messages/jobs.ts';
import { issuePass } from '#server/passes/issue.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { startInstances, type Instances } from '#tests/helpers/instances.ts';
import { TEST_JOB_OPTIONS } from '#tests/helpers/test-app.ts';
import { migratedPostgresDatabase } from '#tests/helpers/server-process.ts';
import { SmtpSink, type ReceivedMail } from '#tests/helpers/smtp-sink.ts';

/**
 * Organizer mail through a real SMTP server (smtp-server) from two production instances over one
 * PostgreSQL (docs/RULES.md rule 20): every message carries the RFC 8058 headers, a
 * one-click POST from a mail provider stops the next message but not a password reset, and the
 * reminder before the end goes once per pass though both instances run the scheduler.
 */
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MAIL_FROM = 'Local Battles <battles@example.com>';
const ADMIN = { username: 'mail_organizer', password: 'organizer-pass-1' };

let database: Database;
let instances: Instances;
const sink = new SmtpSink();
const members: { username: string; email: string; id: number }[] = [];
let challengeId = 0;

beforeAll(async () => {
  const fresh = await migratedPostgresDatabase(
    serverUrl,
    `lb_reliability_organizer_mail_${randomBytes(3).toString('hex')}`,
  );
  database = fresh.database;
  const { databaseUrl } = fresh;
  await sink.start();
  const now = new Date();
  // Ends in two days: inside its 72-hour reminder window from the first scheduler tick.
  const challenge = await insertChallenge(database.db, now, {
    title: 'Reliable Battle',
    startDate: new Date(now.getTime() - 10 * DAY_MS),
    endDate: new Date(now.getTime() + 2 * DAY_MS),
    reminderHoursBeforeEnd: 72,
  });
  challengeId = challenge.id;
  await insertBusiness(database.db, challenge.id);
  await insertBusiness(database.db, challenge.id);
  await createOrPromoteAdmin(database.db, { ...ADMIN, email: 'organizer@example.com' });
  for (const name of ['alice', 'bob', 'carol']) {
    const [user] = await database.db
      .insert(users)
      .values({ username: name, email: `${name}@example.com`, passwordHash: 'x' })
      .returning();
    await database.db.transaction((tx) =>
      issuePass(tx, { userId: user!.id, challengeId: challenge.id }),
    );
    members.push({ username: name, email: `${name}@example.com`, id: user!.id });
  }
  instances = await startInstances({
    count: 2,
    databaseUrl,
    env: { SMTP_URL: sink.url, MAIL_FROM, MAIL_RATE_PER_SECOND: '20' },
  });
}, 180_000);

afterAll(async () => {
  await instances?.stopAll();
  await sink.stop();
  await database?.close();
});

/** The raw message's header, unfolded (RFC 5322 folds long lines). */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim();
}

const mailTo = (email: string, subject: RegExp) =>
  sink.received.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));

async function signedInOrganizer(url: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return async (subject: string) => {
    const sent = await fetch(`${url}/api/admin/challenges/${challengeId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ subject, text: 'Double stamps on Saturday.', audience: 'all' }),
    });
    expect(sent.status).toBe(202);
    return (await sent.json()) as { id: number; recipients: number };
  };
}

describe('organizer mail over real SMTP and two instances', () => {
  it('sends one reminder per pass though both instances run the scheduler', async () => {
    await expect
      .poll(() => sink.received.filter((mail) => /days? left/.test(mail.subject)).length, {
        timeout: 60_000,
      })
      .toBe(3);
    for (const member of members) {
      const [reminder] = mailTo(member.email, /days? left/);
      expect(reminder?.subject).toBe('Reliable Battle: 2 days left: 2 coupons waiting');
    }
    // Running the job again, as another tick would, sends nothing more.
    expect(await queueReminders(database.db, TEST_JOB_OPTIONS.mail, new Date())).toBe(0);
    expect(await database.db.$count(passReminders)).toBe(3);
  });

  it('carries the RFC 8058 headers; a one-click POST stops the next message, not a password reset', async () => {
    const send = await signedInOrganizer(instances.urls[1]!);
    expect((await send('First news')).recipients).toBe(3);
    await expect
      .poll(() => mailTo('alice@example.com', /^First news$/).length, { timeout: 30_000 })
      .toBe(1);
    const [first] = mailTo('alice@example.com', /^First news$/);
    expect(header(first!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const target = /^<(http:\/\/[^>]+\/api\/email\/unsubscribe\?token=[0-9a-f]{64})>$/.exec(
      header(first!, 'List-Unsubscribe') ?? '',
    )?.[1];
    expect(target).toBeDefined();
    // A mail provider's POST: no cookie, no Origin, the form body of RFC 8058.
    const unsubscribed = await fetch(target!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);

    expect((await send('Second news')).recipients).toBe(2);
    const reset = await fetch(`${instances.urls[0]}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: instances.urls[0]! },
      body: JSON.stringify({ email: 'alice@example.com' }),
    });
    expect(reset.status).toBe(202);
    await expect
      .poll(() => mailTo('alice@example.com', /^Reset your/).length, { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(() => mailTo('bob@example.com', /^Second news$/).length, { timeout: 30_000 })
      .toBe(1);
    expect(mailTo('alice@example.com', /^Second news$/)).toEqual([]);
    const [alice] = await database.db
      .select({ on: users.organizerMail })
      .from(users)
      .where(eq(users.email, 'alice@example.com'));
    expect(alice?.on).toBe(false);
  });
});
