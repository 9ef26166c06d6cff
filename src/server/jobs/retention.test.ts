import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emailChangeTokens,
  mailOutbox,
  organizerMessages,
  passwordResetTokens,
  sandboxMail,
} from '../db/schema.ts';
import { DAY_MS, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInMember, testJobDeps, useTestApp } from '#tests/helpers/test-app.ts';
import { periodicJobs } from './periodic-jobs.ts';

const ctx = useTestApp();

describe('data retention (docs/decisions/0039)', () => {
  it('purges expired tokens and sent mail past its days, and keeps what still serves', async () => {
    const now = ctx.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const { user } = await signedInMember(ctx.app);
    const challenge = await insertChallenge(ctx.db, now);
    const [message] = await ctx.db
      .insert(organizerMessages)
      .values({
        challengeId: challenge.id,
        subject: 'News',
        textBody: 'Hello',
        audience: 'all',
        recipients: 1,
        sentBy: user.id,
        sentAt: ago(40),
      })
      .returning();

    // The registration's confirmation link is live; two expired links and one live reset link.
    await ctx.db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: 'expired-reset', expiresAt: ago(1) },
      { userId: user.id, tokenHash: 'live-reset', expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await ctx.db.delete(emailChangeTokens);
    await ctx.db
      .insert(emailChangeTokens)
      .values({ userId: user.id, newEmail: 'new@example.com', tokenHash: 'x', expiresAt: ago(1) });

    const mail = (
      subject: string,
      createdAt: Date,
      fields: Partial<typeof mailOutbox.$inferInsert>,
    ) => ({
      toAddress: 'someone@example.com',
      subject,
      textBody: 'body',
      htmlBody: '<p>body</p>',
      createdAt,
      nextAttemptAt: createdAt,
      ...fields,
    });
    await ctx.db.delete(mailOutbox);
    await ctx.db
      .insert(mailOutbox)
      .values([
        mail('old sent', ago(31), { sentAt: ago(31), textBody: null, htmlBody: null }),
        mail('old failed', ago(31), { gaveUpAt: ago(30) }),
        mail('old message', ago(40), { sentAt: ago(40), messageId: message!.id, textBody: null }),
        mail('recent sent', ago(2), { sentAt: ago(2), textBody: null, htmlBody: null }),
        mail('old but waiting', ago(31), {}),
      ]);
    await ctx.db.insert(sandboxMail).values([
      {
        toAddress: 'a@example.com',
        subject: 'old',
        textBody: 't',
        htmlBody: 'h',
        links: [],
        sentAt: ago(31),
      },
      {
        toAddress: 'a@example.com',
        subject: 'new',
        textBody: 't',
        htmlBody: 'h',
        links: [],
        sentAt: ago(1),
      },
    ]);

    const job = periodicJobs(ctx.db, { ...testJobDeps(ctx), mailRetentionDays: 30 }).find(
      (each) => each.name === 'data-retention',
    )!;
    await job.run(now);

    const resets = await ctx.db.select().from(passwordResetTokens);
    expect(resets.map((row) => row.tokenHash)).toEqual(['live-reset']);
    expect(await ctx.db.select().from(emailChangeTokens)).toEqual([]);
    const left = await ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(left.map((row) => [row.subject, row.toAddress, row.textBody])).toEqual([
      // The message's delivered count still reads its row; the address is gone.
      ['old message', '', null],
      ['recent sent', 'someone@example.com', null],
      // Not sent yet: its purpose has not ended.
      ['old but waiting', 'someone@example.com', 'body'],
    ]);
    const sandbox = await ctx.db.select().from(sandboxMail);
    expect(sandbox.map((row) => row.subject)).toEqual(['new']);
  });
});
