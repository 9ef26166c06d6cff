import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { confirmedAddresses, mailOutbox } from '#server/db/schema.ts';
import { DEFAULT_MAIL_UNCONFIRMED_PER_DAY } from '#server/env.ts';
import { claimDueMail } from '#server/mail/outbox.ts';
import { deliverMail, emailedToken, mailboxOf } from '#tests/helpers/mail.ts';
import {
  SECOND_APP_TIMEOUT_MS,
  signedInAdmin,
  signedInMember,
  TestClient,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import type { FastifyInstance } from 'fastify';

// The default allowance: what a site gets without setting MAIL_UNCONFIRMED_PER_DAY.
const ctx = useTestApp();
const ALLOWANCE = DEFAULT_MAIL_UNCONFIRMED_PER_DAY;
const DAY_MS = 24 * 60 * 60 * 1000;

let sequence = 0;
/** A stranger's registration with `email`, from an address of its own (no per-address limit). */
async function registerWith(email: string, app: FastifyInstance = ctx.app) {
  sequence += 1;
  const response = await new TestClient(app).post('/api/register', {
    username: `Claim your $500 prize at evil.example ${sequence}`,
    email,
    fullName: 'Prize Desk',
    password: 'password123',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function requestReset(email: string, app: FastifyInstance = ctx.app) {
  const response = await new TestClient(app).post('/api/password-reset/request', { email });
  expect(response.statusCode, response.body).toBe(202);
}

/** Outbox rows to an address: sendable (not suppressed) and suppressed. */
async function outboxOf(email: string) {
  const to = sql`lower(${mailOutbox.toAddress}) = lower(${email})`;
  return {
    sendable: await ctx.db.$count(mailOutbox, and(to, isNull(mailOutbox.suppressedAt))),
    suppressed: await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(to, isNotNull(mailOutbox.suppressedAt))),
  };
}

/** A member whose address is confirmed: they used a reset link mailed to it. */
async function confirmedMember(username: string) {
  await signedInMember(ctx.app, username);
  await requestReset(`${username}@example.com`);
  const token = await emailedToken(ctx, `${username}@example.com`, '/auth/reset?token=');
  const used = await new TestClient(ctx.app).post('/api/password-reset/confirm', {
    token,
    password: 'brand-new-pass',
  });
  expect(used.statusCode).toBe(200);
}

describe('mail to an address nobody has confirmed (docs/decisions/0029)', () => {
  it('goes out at most MAIL_UNCONFIRMED_PER_DAY times a day, however many registrations and reset requests; the rest is recorded as suppressed', async () => {
    const target = 'Flooded.Inbox@example.com';
    for (let round = 0; round < 5; round += 1) {
      await registerWith(round % 2 ? target.toLowerCase() : target);
      await requestReset(target);
    }
    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, target)).toHaveLength(ALLOWANCE);

    const { sendable, suppressed } = await outboxOf(target);
    expect(sendable).toBe(ALLOWANCE);
    // Five welcomes and one email per reset request: the rest kept as the record, without bodies.
    expect(suppressed).toHaveLength(10 - ALLOWANCE);
    for (const row of suppressed) {
      expect(row).toMatchObject({ sentAt: null, attempts: 0, textBody: null, htmlBody: null });
      expect(row.subject).toMatch(/^(Welcome to Local Battles|Reset your Local Battles password)$/);
    }

    // A day after the first, the address may be mailed again.
    ctx.clock.advance(DAY_MS);
    await requestReset(target);
    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, target)).toHaveLength(ALLOWANCE + 1);
  });

  it('is counted per address, so other addresses are not held back', async () => {
    for (let round = 0; round < ALLOWANCE + 2; round += 1)
      await registerWith('one-target@example.com');
    await registerWith('another@example.com');
    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, 'another@example.com')).toHaveLength(1);
  });

  it(
    'is one allowance across two instances on one database, with requests at once',
    async () => {
      // On PostgreSQL the second instance has its own connection pool, as a second process would.
      const other = await ctx.buildApp(usingPostgres ? (await ctx.database.reopen()).db : ctx.db);
      const target = 'two-instances@example.com';
      // One account first, so that every reset request below finds one and mails.
      await registerWith(target);
      await Promise.all(
        Array.from({ length: 8 }, (_, index) => {
          const app = index % 2 ? other : ctx.app;
          return index % 4 < 2 ? registerWith(target, app) : requestReset(target, app);
        }),
      );
      await deliverMail(ctx.db, ctx.clock.now);
      expect(await mailboxOf(ctx, target)).toHaveLength(ALLOWANCE);
      expect((await outboxOf(target)).suppressed).toHaveLength(9 - ALLOWANCE);
    },
    SECOND_APP_TIMEOUT_MS,
  );
});

describe('a confirmed address (docs/decisions/0029)', () => {
  it('is confirmed by a used reset link, and then its reset links always go, while strangers’ welcomes stay limited', async () => {
    await confirmedMember('owner_confirmed');
    const address = 'owner_confirmed@example.com';
    expect(await ctx.db.$count(confirmedAddresses, eq(confirmedAddresses.address, address))).toBe(
      1,
    );
    for (let round = 0; round < 5; round += 1) {
      await registerWith(address);
      await requestReset(address);
    }
    await deliverMail(ctx.db, ctx.clock.now);
    const subjects = (await mailboxOf(ctx, address)).map((mail) => mail.subject);
    // The owner's welcome and first reset, five more resets, and welcomes up to the allowance.
    expect(subjects.filter((subject) => subject.startsWith('Reset'))).toHaveLength(6);
    expect(subjects.filter((subject) => subject.startsWith('Welcome'))).toHaveLength(ALLOWANCE - 1);
  });

  it("is confirmed by the welcome's link, which changes nothing else and mails nothing more", async () => {
    await signedInMember(ctx.app, 'welcomed');
    const token = await emailedToken(ctx, 'welcomed@example.com', '/auth/verify-email?token=');
    const preview = await new TestClient(ctx.app).post('/api/email-change/preview', { token });
    expect(preview.json()).toEqual({ newEmail: 'welcomed@example.com' });
    const confirmed = await new TestClient(ctx.app).post('/api/email-change/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your email address is now welcomed@example.com.',
    });
    expect(
      await ctx.db.$count(
        confirmedAddresses,
        eq(confirmedAddresses.address, 'welcomed@example.com'),
      ),
    ).toBe(1);
    await deliverMail(ctx.db, ctx.clock.now);
    expect((await mailboxOf(ctx, 'welcomed@example.com')).map((mail) => mail.subject)).toEqual([
      'Welcome to Local Battles',
    ]);
    // Used once, like every link.
    expect(
      (await new TestClient(ctx.app).post('/api/email-change/confirm', { token })).statusCode,
    ).toBe(400);
  });

  it('is confirmed by opening an email-change link mailed to it', async () => {
    const { client } = await signedInMember(ctx.app, 'mover');
    const asked = await client.post('/api/email-change/request', {
      newEmail: 'Mover.New@example.com',
      currentPassword: 'password123',
    });
    expect(asked.statusCode).toBe(202);
    const token = await emailedToken(ctx, 'mover.new@example.com', '/auth/verify-email?token=');
    expect((await client.post('/api/email-change/confirm', { token })).statusCode).toBe(200);
    expect(
      await ctx.db.$count(
        confirmedAddresses,
        eq(confirmedAddresses.address, 'mover.new@example.com'),
      ),
    ).toBe(1);
    expect(
      await ctx.db.$count(confirmedAddresses, eq(confirmedAddresses.address, 'mover@example.com')),
    ).toBe(0);
  });

  it("is the organizer's from the start: the operator gave it", async () => {
    const { user } = await signedInAdmin(ctx.app, ctx.db);
    for (let round = 0; round < ALLOWANCE + 2; round += 1)
      await requestReset(`${user.username}@example.com`);
    await deliverMail(ctx.db, ctx.clock.now);
    expect(await mailboxOf(ctx, `${user.username}@example.com`)).toHaveLength(ALLOWANCE + 2);
  });
});

describe('the order mail is sent in (docs/decisions/0029)', () => {
  it("sends a confirmed member's reset link before a flood of unconfirmed mail, and that before organizer mail", async () => {
    await confirmedMember('real_member');
    await deliverMail(ctx.db, ctx.clock.now);

    await ctx.db.insert(mailOutbox).values({
      toAddress: 'holder@example.com',
      subject: 'An organizer message',
      textBody: 'text',
      htmlBody: '<p>text</p>',
      bulk: true,
      createdAt: ctx.clock.now(),
      nextAttemptAt: ctx.clock.now(),
    });
    for (let index = 0; index < 12; index += 1) {
      await registerWith(`flood${index}@example.com`);
      await requestReset(`flood${index}@example.com`);
    }
    await requestReset('real_member@example.com');

    const [first] = await claimDueMail(ctx.db, ctx.clock.now(), 1);
    expect(first).toMatchObject({
      toAddress: 'real_member@example.com',
      subject: 'Reset your Local Battles password',
      unconfirmed: false,
    });
    const rest = await claimDueMail(ctx.db, ctx.clock.now(), 100);
    expect(rest).toHaveLength(25);
    expect(rest.slice(0, 24).every((row) => row.unconfirmed && !row.bulk)).toBe(true);
    expect(rest[24]).toMatchObject({ subject: 'An organizer message', bulk: true });
  });
});
