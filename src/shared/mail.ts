import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** GET /api/sandbox/mailbox?to=: mail kept by the sandbox transport (test tools only). */
export const mailboxQuerySchema = z.object({ to: emailSchema });

export const mailboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  /** Extra headers the email carried, such as List-Unsubscribe (docs/RULES.md rule 20). */
  headers: z.record(z.string(), z.string()),
  sentAt: z.iso.datetime(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxSchema = z.array(mailboxMessageSchema);
