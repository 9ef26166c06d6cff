import { endpoints } from './endpoints.ts';
import { pages } from './pages.ts';

/*
 * The unsubscribe path of organizer mail (docs/RULES.md rule 20, RFC 8058), built here only: the
 * emails' List-Unsubscribe headers and visible link, the API's one-click and resubscribe
 * addresses, and the email preferences page they answer a browser with
 * (docs/decisions/0025-organizer-mail.md).
 */

/** RFC 8058's one-click form body: this field with this value. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';
export const ONE_CLICK_BODY = `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`;

/** A member's or a sale alert's mail token, as mailed in unsubscribe links (64 hex characters). */
export const MAIL_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/**
 * What the email preferences page (/email/unsubscribe) reports after a form was sent: the API's
 * unsubscribe and resubscribe answer a browser's form with the page and one of these.
 */
export const UNSUBSCRIBE_OUTCOMES = ['unsubscribed', 'resubscribed', 'unknown'] as const;
export type UnsubscribeOutcome = (typeof UNSUBSCRIBE_OUTCOMES)[number];

const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

/** The one-click unsubscribe address of a token: the emails' header and link, the page's form. */
export const unsubscribeApiPath = (token: string) => withToken(endpoints.unsubscribe.path, token);

/** The resubscribe address of a token: the page's 'Resubscribe' form. */
export const resubscribeApiPath = (token: string) => withToken(endpoints.resubscribe.path, token);

/** The email preferences page of an unsubscribe link, after `done` when a form was sent. */
export function unsubscribePagePath(token: string | null, done?: UnsubscribeOutcome): string {
  const query = new URLSearchParams();
  if (token !== null) query.set('token', token);
  if (done) query.set('done', done);
  const search = query.toString();
  return search ? `${pages.emailUnsubscribe.path}?${search}` : pages.emailUnsubscribe.path;
}

/** The RFC 8058 headers of an email whose one-click address is `absoluteUrl`. */
export const listUnsubscribeHeaders = (absoluteUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${absoluteUrl}>`,
  'List-Unsubscribe-Post': ONE_CLICK_BODY,
});
