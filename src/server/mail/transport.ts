import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { sandboxMail } from '../db/schema.ts';

/** One email as the outbox hands it to a transport: a plain-text part and simple HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on organizer mail (docs/RULES.md rule 20). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Where mail goes, for the start-up log; never holds credentials. */
  readonly description: string;
  send(mail: OutgoingMail, now: Date): Promise<void>;
  close(): void;
}

/**
 * A send that hangs must end well inside the outbox's claim lease (outbox.ts), or a second
 * worker could claim the row while this one is still talking to the server.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP_URL and MAIL_FROM: real mail through nodemailer. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  const { protocol, hostname, port } = new URL(url);
  return {
    description: `SMTP ${protocol}//${hostname}${port ? `:${port}` : ''}`,
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Without SMTP_URL mail is kept in the database and shown by the sandbox mailbox (test tools). */
export function createSandboxMailTransport(db: Db): MailTransport {
  return {
    description: 'the sandbox mailbox (GET /api/sandbox/mailbox, shown while test tools are on)',
    send: async (mail, now) => {
      await db.insert(sandboxMail).values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        links: mail.text.match(LINK_PATTERN) ?? [],
        headers: mail.headers ?? {},
        sentAt: now,
      });
    },
    close: () => {},
  };
}
