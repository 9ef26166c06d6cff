import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';
import { mailboxOf } from '#tests/helpers/mail.ts';
import {
  SECOND_APP_TIMEOUT_MS,
  signedInAdmin,
  signedInMember,
  TestClient,
  useTestApp,
  withTestApp,
} from '#tests/helpers/test-app.ts';
import {
  CLAIM_LEASE_MS,
  claimDueMail,
  deliverDueMail,
  enqueueMail,
  MAX_ATTEMPTS,
  MailOutboxWorker,
} from './outbox.ts';
import { createSandboxMailTransport, type MailTransport, type OutgoingMail } from './transport.ts';

const ctx = useTestApp();

const quietLog = { warn: () => {} };
let mailSequence = 0;
const mailTo = (to: string): OutgoingMail => {
  mailSequence += 1;
  return {
    to,
    subject: `Subject ${mailSequence}`,
    text: `Hello number ${mailSequence}.\n\nOpen: http://localhost/profile?n=${mailSequence}\n`,
    html: `<p>Hello number ${mailSequence}.</p>`,
  };
};

/** A mail server that refuses while `down` is set, as an SMTP server that is unreachable would. */
function flakyTransport(sandbox: MailTransport) {
  const transport = {
    down: true,
    description: 'flaky',
    send: async (mail: OutgoingMail, now: Date) => {
      if (transport.down) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      await sandbox.send(mail, now);
    },
    close: () => {},
  };
  return transport;
}

const mailbox = (to: string) => mailboxOf(ctx, to);

/** Delivers everything that is due now, however many batches it takes. */
async function drain(transport: MailTransport) {
  while ((await deliverDueMail(ctx.db, transport, ctx.clock.now, quietLog)) > 0);
}

describe('mail outbox', () => {
  it('is written only when the transaction that asks for it commits', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, mailTo('rollback@example.com'), ctx.clock.now());
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'rollback@example.com'))).toBe(
      0,
    );

    await ctx.db.transaction((tx) =>
      enqueueMail(tx, mailTo('commit@example.com'), ctx.clock.now()),
    );
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'commit@example.com'))).toBe(1);
  });

  it('sends to the sandbox mailbox, newest first, once, and keeps no body after sending', async () => {
    const sandbox = createSandboxMailTransport(ctx.db);
    const first = mailTo('Reader@Example.com');
    const second = mailTo('reader@example.com');
    await enqueueMail(ctx.db, first, ctx.clock.now());
    await enqueueMail(ctx.db, second, ctx.clock.now());
    await drain(sandbox);
    await drain(sandbox);

    const messages = await mailbox('READER@example.com');
    expect(messages.map((message) => message.subject)).toEqual([second.subject, first.subject]);
    expect(messages[0]).toEqual({
      to: 'reader@example.com',
      subject: second.subject,
      text: second.text,
      html: second.html,
      links: [expect.stringMatching(/^http:\/\/localhost\/profile\?n=\d+$/)],
      headers: {},
      sentAt: ctx.clock.now().toISOString(),
    });
    const rows = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'reader@example.com'));
    expect(rows).toEqual([
      expect.objectContaining({
        attempts: 1,
        sentAt: expect.any(Date),
        textBody: null,
        htmlBody: null,
      }),
    ]);
  });

  it('retries with growing delays while the mail server is down, recording attempts and the error', async () => {
    const transport = flakyTransport(createSandboxMailTransport(ctx.db));
    await enqueueMail(ctx.db, mailTo('retry@example.com'), ctx.clock.now());
    await drain(transport);
    const row = async () =>
      (
        await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'retry@example.com'))
      )[0]!;
    expect(await row()).toMatchObject({
      attempts: 1,
      sentAt: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      nextAttemptAt: new Date(ctx.clock.now().getTime() + 30_000),
    });

    ctx.clock.advance(30_000);
    await drain(transport);
    expect(await row()).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(ctx.clock.now().getTime() + 60_000),
    });

    // Not due yet: nothing is tried early.
    transport.down = false;
    ctx.clock.advance(59_000);
    await drain(transport);
    expect((await row()).attempts).toBe(2);

    ctx.clock.advance(1_000);
    await drain(transport);
    await drain(transport);
    expect(await row()).toMatchObject({ attempts: 3, sentAt: expect.any(Date), lastError: null });
    expect(await mailbox('retry@example.com')).toHaveLength(1);
  });

  it('gives up after the last attempt and keeps the row with its error', async () => {
    const transport = flakyTransport(createSandboxMailTransport(ctx.db));
    await enqueueMail(ctx.db, mailTo('never@example.com'), ctx.clock.now());
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt += 1) {
      await drain(transport);
      ctx.clock.advance(2 * 60 * 60 * 1000);
    }
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'never@example.com'));
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, gaveUpAt: expect.any(Date), sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
  });

  it('lets one claimer have a row until its lease runs out, then another claims it again', async () => {
    await enqueueMail(ctx.db, mailTo('lease@example.com'), ctx.clock.now());
    const mine = (rows: { toAddress: string }[]) =>
      rows.filter((row) => row.toAddress === 'lease@example.com');
    const [first, second] = await Promise.all([
      claimDueMail(ctx.db, ctx.clock.now(), 100),
      claimDueMail(ctx.db, ctx.clock.now(), 100),
    ]);
    expect(mine(first).length + mine(second).length).toBe(1);

    // The claimer died without sending: the row comes back after the lease.
    ctx.clock.advance(CLAIM_LEASE_MS - 1);
    expect(mine(await claimDueMail(ctx.db, ctx.clock.now(), 100))).toEqual([]);
    ctx.clock.advance(1);
    expect(mine(await claimDueMail(ctx.db, ctx.clock.now(), 100))).toEqual([
      expect.objectContaining({ attempts: 2 }),
    ]);
    ctx.clock.advance(CLAIM_LEASE_MS);
    await drain(createSandboxMailTransport(ctx.db));
    expect(await mailbox('lease@example.com')).toHaveLength(1);
  });

  it('runs in the background once started and stops cleanly', async () => {
    const worker = new MailOutboxWorker(
      ctx.db,
      createSandboxMailTransport(ctx.db),
      ctx.clock.now,
      quietLog,
      20,
    );
    worker.start();
    await enqueueMail(ctx.db, mailTo('worker@example.com'), ctx.clock.now());
    await expect.poll(() => mailbox('worker@example.com'), { timeout: 5000 }).toHaveLength(1);
    await worker.stop();
  });
});

describe('GET /api/sandbox/mailbox', () => {
  it('answers organizers only: 401 signed out, 403 for a member, with nothing read', async () => {
    await ctx.db.transaction((tx) =>
      enqueueMail(tx, mailTo('private@example.com'), ctx.clock.now()),
    );
    await drain(createSandboxMailTransport(ctx.db));
    const url = '/api/sandbox/mailbox?to=private%40example.com';

    const signedOut = await new TestClient(ctx.app).get(url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });
    const { client: member } = await signedInMember(ctx.app);
    const refused = await member.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only organizers can do that.' });

    const { client: organizer } = await signedInAdmin(ctx.app, ctx.db);
    const read = await organizer.get(url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(1);
  });

  it('answers 400 JSON for an address that is not one', async () => {
    const { client: organizer } = await signedInAdmin(ctx.app, ctx.db);
    const response = await organizer.get('/api/sandbox/mailbox?to=nobody');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it(
    'does not exist while test tools are off',
    async () => {
      await withTestApp({ testToolsEnabled: false }, async (withoutTools) => {
        const response = await new TestClient(withoutTools.app).get(
          '/api/sandbox/mailbox?to=a@example.com',
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toHaveProperty('message');
      });
    },
    SECOND_APP_TIMEOUT_MS,
  );
});
