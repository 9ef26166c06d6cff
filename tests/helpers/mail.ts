import type { FastifyInstance } from 'fastify';
import type { MailboxMessage } from '#shared/mail.ts';
import type { Db } from '#server/db/client.ts';
import { deliverDueMail } from '#server/mail/outbox.ts';
import { createSandboxMailTransport } from '#server/mail/transport.ts';
import { TestClient } from './test-app.ts';

/** Runs the outbox as the worker would, until nothing is due: the mail lands in the sandbox mailbox. */
export async function deliverMail(db: Db, clock: () => Date): Promise<void> {
  const transport = createSandboxMailTransport(db);
  while ((await deliverDueMail(db, transport, clock, { warn: () => {} })) > 0);
}

/** The sandbox mailbox of one address, newest first, read through the API. */
export async function mailboxOf(app: FastifyInstance, to: string): Promise<MailboxMessage[]> {
  const response = await new TestClient(app).get(
    `/api/sandbox/mailbox?to=${encodeURIComponent(to)}`,
  );
  if (response.statusCode !== 200)
    throw new Error(`mailbox answered ${response.statusCode}: ${response.body}`);
  return response.json<MailboxMessage[]>();
}
