import type { FastifyInstance } from 'fastify';
import type { MailboxMessage } from '#shared/mail.ts';
import type { Db } from '#server/db/client.ts';
import { deliverDueMail } from '#server/mail/outbox.ts';
import { createSandboxMailTransport } from '#server/mail/transport.ts';
import { signedInAdmin, type TestClient } from './test-app.ts';

/** Runs the outbox as the worker would, until nothing is due: the mail lands in the sandbox mailbox. */
export async function deliverMail(db: Db, clock: () => Date): Promise<void> {
  const transport = createSandboxMailTransport(db);
  while ((await deliverDueMail(db, transport, clock, { warn: () => {} })) > 0);
}

/** One signed-in organizer per app: only organizers read the sandbox mailbox. */
const organizers = new WeakMap<FastifyInstance, Promise<TestClient>>();

/** The sandbox mailbox of one address, newest first, read through the API as an organizer. */
export async function mailboxOf(
  { app, db }: { app: FastifyInstance; db: Db },
  to: string,
): Promise<MailboxMessage[]> {
  let organizer = organizers.get(app);
  if (!organizer) {
    organizer = signedInAdmin(app, db).then(({ client }) => client);
    organizers.set(app, organizer);
  }
  const response = await (await organizer).get(`/api/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  if (response.statusCode !== 200)
    throw new Error(`mailbox answered ${response.statusCode}: ${response.body}`);
  return response.json<MailboxMessage[]>();
}

/**
 * What a member finds on opening their mail: the outbox delivers what is due, then the link
 * containing `contains` in the newest email to `to`. Fails when that email has no such link.
 */
export async function emailedLink(
  ctx: { app: FastifyInstance; db: Db; clock: { now(): Date } },
  to: string,
  contains: string,
): Promise<string> {
  await deliverMail(ctx.db, () => ctx.clock.now());
  const [newest] = await mailboxOf(ctx, to);
  const link = newest?.links.find((each) => each.includes(contains));
  if (!link) throw new Error(`no link with ${contains} in the newest email to ${to}`);
  return link;
}

/** The token of the emailed link containing `contains` (a reset or confirmation link). */
export async function emailedToken(
  ctx: Parameters<typeof emailedLink>[0],
  to: string,
  contains: string,
): Promise<string> {
  const token = new URL(await emailedLink(ctx, to, contains)).searchParams.get('token');
  if (!token) throw new Error(`the emailed link with ${contains} to ${to} carries no token`);
  return token;
}
