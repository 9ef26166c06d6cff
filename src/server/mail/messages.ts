import type { SiteUrl } from '../site-url.ts';
import { countOf } from '#shared/plural.ts';
import type { OutgoingMail } from './transport.ts';
import { formatMoney } from '#shared/money.ts';

/** What every email needs to name the product and build absolute links. */
export interface MailContext {
  siteName: string;
  /** The site's origin (site-url.ts): never the request's Host, which anyone can set. */
  baseUrl: string;
}

/** The context for the site's emails. */
export function mailContextOf(config: { siteName: string; siteUrl: SiteUrl }): MailContext {
  return { siteName: config.siteName, baseUrl: config.siteUrl.origin };
}

type Block = string | { label: string; path: string } | { items: string[] };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One layout for every email: the same blocks as plain text and as simple HTML. */
function compose(context: MailContext, to: string, subject: string, blocks: Block[]): OutgoingMail {
  const url = (path: string) => new URL(path, context.baseUrl).toString();
  const text = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('path' in block) return `${block.label}: ${url(block.path)}`;
    return block.items.map((item) => `- ${item}`).join('\n');
  });
  const html = blocks.map((block) => {
    if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
    if ('path' in block)
      return `<p><a href="${escapeHtml(url(block.path))}">${escapeHtml(block.label)}</a></p>`;
    return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  });
  const signature = `The ${context.siteName} team`;
  return {
    to,
    subject,
    text: `${[...text, signature].join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html.join('')}<p>${escapeHtml(signature)}</p></body></html>`,
  };
}

export function welcomeMail(
  context: MailContext,
  user: { email: string; username: string },
): OutgoingMail {
  return compose(context, user.email, `Welcome to ${context.siteName}, ${user.username}!`, [
    `Welcome to ${context.siteName}, ${user.username}!`,
    'Your account is ready. Get a battle pass to collect a coupon at every participating shop, and vote for your favourite with every coupon you redeem.',
    { label: 'Get your battle pass', path: '/checkout' },
  ]);
}

/** Reset links last this long (also the token's expiry, auth/password-reset.ts). */
export const RESET_LINK_MINUTES = 60;

export function passwordResetMail(
  context: MailContext,
  user: { email: string; username: string },
  token: string,
): OutgoingMail {
  return compose(context, user.email, `Reset your ${context.siteName} password`, [
    `Someone asked to reset the password of the ${context.siteName} account "${user.username}".`,
    `Choose a new password with this link within ${RESET_LINK_MINUTES} minutes. It works once.`,
    { label: 'Choose a new password', path: `/auth/reset?token=${encodeURIComponent(token)}` },
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ]);
}

/** Email change links last this long (also the token's expiry, auth/email-change.ts). */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export function emailChangeMail(
  context: MailContext,
  change: { newEmail: string; username: string },
  token: string,
): OutgoingMail {
  return compose(context, change.newEmail, `Confirm your new ${context.siteName} email address`, [
    `The ${context.siteName} account "${change.username}" asked to use this email address.`,
    `Confirm it with this link within ${EMAIL_CHANGE_LINK_HOURS} hours. It works once.`,
    {
      label: 'Confirm this email address',
      path: `/auth/verify-email?token=${encodeURIComponent(token)}`,
    },
    'If you did not ask for this, ignore this email: nothing changes.',
  ]);
}

/** To the old address once the change is done, so a member whose account was taken over learns of it. */
export function emailChangedNoticeMail(
  context: MailContext,
  change: { oldEmail: string; newEmail: string; username: string },
): OutgoingMail {
  return compose(context, change.oldEmail, `Your ${context.siteName} email address was changed`, [
    `The email address of the ${context.siteName} account "${change.username}" was changed from ${change.oldEmail} to ${change.newEmail}.`,
    'If you did not do this, sign in and change your password, or reply to the organizers of your battle.',
  ]);
}

const formatDate = (date: Date) =>
  date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export interface ReceiptDetails {
  email: string;
  challengeTitle: string;
  amountCents: number;
  currency: string;
  purchasedAt: Date;
  shops: string[];
}

export function receiptMail(context: MailContext, receipt: ReceiptDetails): OutgoingMail {
  return compose(context, receipt.email, `Your ${receipt.challengeTitle} Battle Pass receipt`, [
    `Thank you for buying the ${receipt.challengeTitle} Battle Pass.`,
    `Price paid: ${formatMoney(receipt.amountCents / 100, { currency: receipt.currency, cents: true })}`,
    `Date: ${formatDate(receipt.purchasedAt)}`,
    `Your pass includes ${countOf(receipt.shops.length, 'coupon')}, one at each of these shops:`,
    { items: receipt.shops },
    { label: 'See your pass and coupons', path: '/profile' },
  ]);
}

export function passSwitchedOffMail(
  context: MailContext,
  details: { email: string; challengeTitle: string; reason: string },
): OutgoingMail {
  return compose(
    context,
    details.email,
    `Your ${details.challengeTitle} Battle Pass is no longer active`,
    [
      details.reason,
      'Its coupons can no longer be redeemed and its votes no longer count.',
      { label: 'See your pass', path: '/profile' },
    ],
  );
}
