import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { LANGUAGE_CODE } from './languages.ts';

/**
 * Organizer messages to a challenge's pass holders (docs/RULES.md rule 20). Every audience is
 * among holders of an active pass who have not unsubscribed from the organizer's mail.
 */
export const AUDIENCES = ['all', 'no-redemptions', 'unused-coupons', 'unused-votes'] as const;
export const audienceSchema = z.enum(AUDIENCES, { error: 'Choose who gets the message' });
export type Audience = z.infer<typeof audienceSchema>;

const subjectSchema = z
  .string({ error: 'Subject is required' })
  .trim()
  .max(150, 'Subject must be at most 150 characters')
  // A line break in a subject would start a new mail header.
  .refine((value) => !/[\r\n]/.test(value), 'Subject must be one line');

const textSchema = z
  .string({ error: 'Message is required' })
  .trim()
  .max(10_000, 'Message must be at most 10,000 characters');

/** The texts a message has in each language (docs/decisions/0050-content-languages.md). */
export const MESSAGE_TEXT_FIELDS = ['subject', 'text'] as const;
export type MessageTextField = (typeof MESSAGE_TEXT_FIELDS)[number];

/**
 * A message's subject and text in the site's other languages, by language code, each optional
 * (empty counts as missing): members whose language has none get the battle's main language's.
 * Absent: one message for all.
 */
const messageTranslationsSchema = z
  .record(
    z.string().regex(LANGUAGE_CODE, 'A translation is named by its language code, e.g. es'),
    z.object({
      subject: subjectSchema.nullish().transform((value) => value || undefined),
      text: textSchema.nullish().transform((value) => value || undefined),
    }),
  )
  .refine((record) => Object.keys(record).length <= 20, 'Too many languages');

/**
 * POST /api/admin/challenges/:id/messages. Plain text only: links become clickable, nothing else.
 * `subject` and `text` are written in the battle's main language.
 */
export const messageInputSchema = z.object({
  subject: subjectSchema.pipe(z.string().min(1, 'Subject is required')),
  text: textSchema.pipe(z.string().min(1, 'Message is required')),
  audience: audienceSchema,
  translations: messageTranslationsSchema.optional(),
});
export type MessageInput = z.infer<typeof messageInputSchema>;

/** POST /api/admin/challenges/:id/messages/test: the same message, to the organizer alone. */
export const messageTestInputSchema = messageInputSchema.omit({ audience: true });
export type MessageTestInput = z.infer<typeof messageTestInputSchema>;

/** 202: the test is queued to the signed-in organizer's own address, named here. */
export const messageTestQueuedSchema = z.object({ to: z.string() });

/** A test's subject says it is one, so it is never taken for the real message. */
export const testSubject = (subject: string) => `[Test] ${subject}`;

/** 202: the message is queued, one email per recipient. */
export const messageQueuedSchema = z.object({ id: z.number().int(), recipients: z.number().int() });

/** GET /api/admin/challenges/:id/messages: newest first; counts come from the outbox. */
export const messageSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  audience: audienceSchema,
  sentAt: z.iso.datetime(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;
export const messageHistorySchema = z.array(messageSummarySchema);

/** GET /api/admin/challenges/:id/messages/audiences: how many each audience reaches now. */
export const audienceCountsSchema = z.object({
  all: z.number().int(),
  'no-redemptions': z.number().int(),
  'unused-coupons': z.number().int(),
  'unused-votes': z.number().int(),
});
export type AudienceCounts = z.infer<typeof audienceCountsSchema>;

/** GET/PUT /api/profile/mail-preferences: the /profile 'Emails from the organizer' switch. */
export const mailPreferencesSchema = z.object({
  organizerMail: z.boolean({ error: 'organizerMail must be true or false' }),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** POST /api/challenges/:id/sale-alerts: 'Tell me when passes go on sale'. */
export const saleAlertInputSchema = z.object({ email: emailSchema });
export const saleAlertAcceptedSchema = z.object({ message: z.string() });

/** The one answer to a sale alert, whether the address was new or already on the list. */
export const SALE_ALERT_CONFIRMATION =
  "Thanks! We'll email you once when passes go on sale. Every email has a one-click unsubscribe link.";

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Plain text split into text and http(s) links: the only formatting messages get. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
