import type { SiteUrl } from '../site-url.ts';
import { countOf } from '#shared/plural.ts';
import type { OutgoingMail } from './transport.ts';
import { formatInstant } from '#shared/date-range.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { receiptNumber } from '#shared/payments.ts';
import { linkParts } from '#shared/messages.ts';
import { listUnsubscribeHeaders, unsubscribeApiPath } from '#shared/unsubscribe.ts';
import { escapeHtml } from '../text.ts';

/** What every email needs to name the product and build absolute links. */
export interface MailContext {
  siteName: string;
  /** The site's origin (site-url.ts): never the request's Host, which anyone can set. */
  baseUrl: string;
  /** MAIL_UNCONFIRMED_PER_DAY; unset, its default (mail/outbox.ts). */
  unconfirmedPerDay?: number | undefined;
  /** Where members write to the organizers (env.ts organizerContact); unset, no address is named. */
  contactEmail?: string | undefined;
  /** The phone wallets the site offers its passes to (docs/decisions/0043); none when unset. */
  wallets?: readonly string[];
}

/** The context for the site's emails. */
export function mailContextOf(config: {
  siteName: string;
  siteUrl: SiteUrl;
  mailUnconfirmedPerDay?: number;
  contactEmail?: string | undefined;
  wallet?: { apple: unknown; google: unknown } | undefined;
}): MailContext {
  return {
    siteName: config.siteName,
    baseUrl: config.siteUrl.origin,
    unconfirmedPerDay: config.mailUnconfirmedPerDay,
    contactEmail: config.contactEmail,
    wallets: [
      ...(config.wallet?.apple ? ['Apple Wallet'] : []),
      ...(config.wallet?.google ? ['Google Wallet'] : []),
    ],
  };
}

type Block =
  | string
  | { label: string; path: string }
  | { items: string[] }
  /** An organizer's plain text: its links made clickable in HTML, nothing else. */
  | { plain: string };

/** Plain text as HTML paragraphs, with line breaks kept and http(s) links made clickable. */
function plainToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const inner = linkParts(paragraph)
        .map((part) =>
          part.kind === 'link'
            ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.href)}</a>`
            : escapeHtml(part.text),
        )
        .join('')
        .replace(/\n/g, '<br>');
      return `<p>${inner}</p>`;
    })
    .join('');
}

/** One layout for every email: the same blocks as plain text and as simple HTML. */
function compose(context: MailContext, to: string, subject: string, blocks: Block[]): OutgoingMail {
  const url = (path: string) => new URL(path, context.baseUrl).toString();
  const text = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('plain' in block) return block.plain;
    if ('path' in block) return `${block.label}: ${url(block.path)}`;
    return block.items.map((item) => `- ${item}`).join('\n');
  });
  const html = blocks.map((block) => {
    if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
    if ('plain' in block) return plainToHtml(block.plain);
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

/**
 * Anyone may register with any address, so the welcome carries none of the request's words (not
 * even the username): a stranger cannot use it to mail their text to someone (docs/decisions/0029).
 */
export function welcomeMail(
  context: MailContext,
  user: { email: string },
  confirmToken: string,
): OutgoingMail {
  return compose(context, user.email, `Welcome to ${context.siteName}`, [
    `Welcome to ${context.siteName}!`,
    'An account was just registered with this email address. If that was not you, ignore this email.',
    `If it was you, confirm the address within ${EMAIL_CHANGE_LINK_HOURS} hours: then your password reset links always reach you, however often others ask for mail to it.`,
    {
      label: 'Confirm this email address',
      path: `/auth/verify-email?token=${encodeURIComponent(confirmToken)}`,
    },
    'Your account is ready. Get a battle pass to collect a coupon at every participating shop, and vote for your favourite with every coupon you redeem.',
    { label: 'Get your battle pass', path: '/checkout' },
  ]);
}

/** Reset links last this long (also the token's expiry, auth/password-reset.ts). */
export const RESET_LINK_MINUTES = 60;

/**
 * One email per request and address (addresses are not unique), with a link for each account on
 * it, named by its username: one request never mails an address more than once.
 */
export function passwordResetMail(
  context: MailContext,
  email: string,
  accounts: { username: string; token: string }[],
): OutgoingMail {
  const links = accounts.map(({ username, token }) => ({
    label:
      accounts.length === 1 ? 'Choose a new password' : `Choose a new password for "${username}"`,
    path: `/auth/reset?token=${encodeURIComponent(token)}`,
  }));
  const asked =
    accounts.length === 1
      ? `Someone asked to reset the password of the ${context.siteName} account "${accounts[0]!.username}".`
      : `Someone asked to reset the password of the ${countOf(accounts.length, 'account')} of ${context.siteName} that use this email address: ${accounts.map(({ username }) => `"${username}"`).join(', ')}. Each link below is for the account it names.`;
  return compose(context, email, `Reset your ${context.siteName} password`, [
    asked,
    `Choose a new password with ${accounts.length === 1 ? 'this link' : 'its link'} within ${RESET_LINK_MINUTES} minutes. It works once.`,
    ...links,
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

/**
 * To the current address the moment a change is asked for: the request needs the password, so a
 * member who did not ask learns that someone knows it while the link still waits to be opened.
 */
export function emailChangeRequestedNoticeMail(
  context: MailContext,
  change: { currentEmail: string; newEmail: string; username: string },
): OutgoingMail {
  return compose(context, change.currentEmail, `Was this you? ${context.siteName} email change`, [
    `Someone signed in to the ${context.siteName} account "${change.username}" asked to change its email address to ${change.newEmail}.`,
    `If it was you, open the link we sent to ${change.newEmail}; your address stays as it is until then.`,
    'If it was not you, someone knows your password: choose a new one now. That also cancels this change.',
    { label: 'Choose a new password', path: '/auth/reset' },
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

export interface ReceiptDetails {
  email: string;
  /** The payment's id: the receipt number (#shared/payments.ts). */
  paymentId: number;
  challengeTitle: string;
  /** The battle's end: coupons and votes are open until then. */
  endDate: Date;
  /** What was charged, after `discountCents`, the promo code's part of the price (0: none). */
  amountCents: number;
  discountCents: number;
  currency: string;
  purchasedAt: Date;
  /** The challenge's: the receipt's date is the day it was there. */
  timeZone: string;
  shops: string[];
  /** What the order bought (docs/RULES.md rule 24): the buyer's own pass, if any, and the claims. */
  order: { ownPass: boolean; passesToGive: number };
}

/** One line per pass of an order of several or a gift; none for one pass for oneself. */
function orderLines(order: ReceiptDetails['order']): string[] {
  const count = Number(order.ownPass) + order.passesToGive;
  if (count === 1 && order.ownPass) return [];
  const numbered = (index: number) => `Battle Pass ${String(index + 1)} of ${String(count)}`;
  return [
    ...(order.ownPass ? [`${numbered(0)}: yours, on your pass page`] : []),
    ...Array.from(
      { length: order.passesToGive },
      (_, index) =>
        `${numbered(index + Number(order.ownPass))}: to give, from 'Passes to Give' on your pass page`,
    ),
  ];
}

export function receiptMail(context: MailContext, receipt: ReceiptDetails): OutgoingMail {
  const passes = orderLines(receipt.order);
  const money = (cents: number) =>
    formatMoney(cents / 100, { currency: receipt.currency, cents: true });
  return compose(context, receipt.email, `Your ${receipt.challengeTitle} Battle Pass receipt`, [
    passes.length > 1
      ? `Thank you for buying ${String(passes.length)} ${receipt.challengeTitle} Battle Passes.`
      : `Thank you for buying the ${receipt.challengeTitle} Battle Pass.`,
    `Receipt number: ${receiptNumber(receipt.paymentId)}`,
    passes.length > 1
      ? `Price paid: ${money(receipt.amountCents)} (${String(passes.length)} passes at ${money(receipt.amountCents / passes.length)})`
      : `Price paid: ${money(receipt.amountCents)}`,
    ...(receipt.discountCents > 0
      ? [`Promo code discount: ${money(receipt.discountCents)} off the full price`]
      : []),
    `Date: ${formatInstant(receipt.purchasedAt, receipt.timeZone, { time: false })}`,
    ...(passes.length > 0 ? ['This order holds:', { items: passes }] : []),
    `${passes.length > 1 ? 'Each' : receipt.order.ownPass ? 'Your' : 'The'} pass includes ${countOf(receipt.shops.length, 'coupon')}, one at each of these shops:`,
    { items: receipt.shops },
    `The battle ends ${formatInstant(receipt.endDate, receipt.timeZone)}: redeem your coupons and cast your votes before then.`,
    // The steps of 'How to Redeem Coupons' on /profile, in short.
    `How to redeem: at a participating shop, order anything and ask the cashier for the 4-digit redemption code. Open your pass, tap 'Redeem Coupon' on that shop's coupon and enter the code: your ${formatMoney(COUPON_VALUE_DOLLARS)} credit is applied to your order, and you earn one vote.`,
    ...(context.wallets?.length
      ? [
          `Keep your pass on your phone: add it to ${context.wallets.join(' or ')} from your pass page.`,
        ]
      : []),
    { label: 'See your pass and coupons', path: '/profile' },
    ...(context.contactEmail
      ? [`Questions about your pass? Write to the organizers at ${context.contactEmail}.`]
      : []),
  ]);
}

/**
 * A pass someone bought or gave away for the addressee (passes/claims.ts): the link that makes it
 * theirs, with the sender's own note as plain text.
 */
export function passGiftMail(
  context: MailContext,
  gift: {
    email: string;
    fromName: string;
    challengeTitle: string;
    note?: string;
    claimPath: string;
  },
): OutgoingMail {
  return compose(
    context,
    gift.email,
    `${gift.fromName} sent you a ${gift.challengeTitle} Battle Pass`,
    [
      `${gift.fromName} sent you a ${gift.challengeTitle} Battle Pass: one ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at every participating shop, and a vote for your favourite with each one you redeem.`,
      // A member's words, escaped and with no link made clickable: the mail carries only our links.
      ...(gift.note ? [`${gift.fromName} wrote: “${gift.note}”`] : []),
      'Open the link, sign in or create an account, and the pass is yours. The link works once.',
      { label: 'Take your pass', path: gift.claimPath },
    ],
  );
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

/**
 * docs/decisions/0042: an offline redemption refused when the phone came back online. The member
 * may have left the counter thinking it counted, so they hear of it even with the app closed.
 */
export function offlineRedemptionRefusedMail(
  context: MailContext,
  details: { email: string; shopName: string; reason: string; stillRunning: boolean },
): OutgoingMail {
  return compose(context, details.email, `Your coupon at ${details.shopName} was not counted`, [
    `The code you typed offline for your ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at ${details.shopName} was refused when your phone came back online:`,
    details.reason,
    details.stillRunning
      ? 'The coupon is still available: ask the cashier for the code on your next visit.'
      : 'The battle has ended, so the coupon can no longer be redeemed.',
    { label: 'See your pass', path: '/profile' },
  ]);
}

/**
 * To the old address once an account is deleted (member-data/deletion.ts), so an owner whose
 * session was taken over learns of it. It names no username: the account's name is erased too.
 */
export function accountDeletedMail(context: MailContext, email: string): OutgoingMail {
  return compose(context, email, `Your ${context.siteName} account was deleted`, [
    `The ${context.siteName} account that used this email address was deleted just now, after its password was entered.`,
    'Its name, email address and password are erased. Its passes, coupons, votes and payments stay without them, so battle results and shop settlements do not change.',
    'If you did not do this, reply to the organizers of your battle.',
    { label: 'How we handle your data', path: '/privacy' },
  ]);
}

/** docs/RULES.md rule 19: written in the reveal's own transaction (draws/service.ts). */
export function drawWinnerMail(
  context: MailContext,
  details: { email: string; username: string; challengeTitle: string; prize: string },
  resultsPath: string,
): OutgoingMail {
  return compose(context, details.email, `You won a prize in ${details.challengeTitle}!`, [
    `Congratulations, ${details.username}! Your ${details.challengeTitle} Battle Pass was drawn for: ${details.prize}.`,
    'The organizers will be in touch about collecting it. Anyone can check the draw on the results page.',
    { label: 'See the results and the draw', path: resultsPath },
  ]);
}

/**
 * docs/decisions/0046: a milestone reached with a redeem, with its pick-up code. Account mail: it
 * goes whatever the member's choice about organizer mail.
 */
export function rewardReachedMail(
  context: MailContext,
  details: {
    email: string;
    challengeTitle: string;
    shops: number;
    reward: string;
    pickupCode: string;
  },
): OutgoingMail {
  return compose(
    context,
    details.email,
    `You earned ${details.reward} in ${details.challengeTitle}!`,
    [
      `You have visited ${details.shops} shops with your ${details.challengeTitle} Battle Pass, and that earns you ${details.reward}.`,
      `Your pick-up code is ${details.pickupCode}. Show it to the organizers to collect your reward; it works once.`,
      { label: 'See your pass', path: '/profile' },
    ],
  );
}

/** Organizer mail: RFC 8058 headers and a visible link, all to the same one-click address. */
function withUnsubscribe(
  context: MailContext,
  to: string,
  subject: string,
  blocks: Block[],
  token: string,
): OutgoingMail {
  const path = unsubscribeApiPath(token);
  const mail = compose(context, to, subject, [
    ...blocks,
    { label: "Unsubscribe from the organizer's emails", path },
  ]);
  return {
    ...mail,
    headers: listUnsubscribeHeaders(new URL(path, context.baseUrl).toString()),
  };
}

/** An organizer's message to pass holders (POST /api/admin/challenges/:id/messages). */
export function organizerMessageMail(
  context: MailContext,
  message: { to: string; subject: string; text: string; challengeTitle: string },
  unsubscribeToken: string,
): OutgoingMail {
  return withUnsubscribe(
    context,
    message.to,
    message.subject,
    [
      { plain: message.text },
      `You get this as a holder of the ${message.challengeTitle} Battle Pass. Receipts and account emails keep coming if you unsubscribe.`,
    ],
    unsubscribeToken,
  );
}

/** '3 days left', '1 day left', '5 hours left': whole days from two days on, hours below. */
export function timeLeftPhrase(msLeft: number): string {
  const hours = Math.max(1, Math.round(msLeft / 3_600_000));
  if (hours >= 48) return `${countOf(Math.round(hours / 24), 'day')} left`;
  if (hours >= 24) return '1 day left';
  return `${countOf(hours, 'hour')} left`;
}

/** 'Coupons and votes waiting': '4 coupons and 2 votes', '1 coupon', '3 votes'. */
export function leftoversPhrase(coupons: number, votes: number): string {
  const parts = [
    ...(coupons > 0 ? [countOf(coupons, 'coupon')] : []),
    ...(votes > 0 ? [countOf(votes, 'vote')] : []),
  ];
  return `${parts.join(' and ')} waiting`;
}

/** The one reminder per pass before the end: '3 days left: 4 coupons and 2 votes waiting'. */
export function reminderMail(
  context: MailContext,
  reminder: {
    to: string;
    challengeTitle: string;
    endDate: Date;
    timeZone: string;
    msLeft: number;
    coupons: number;
    votes: number;
  },
  unsubscribeToken: string,
): OutgoingMail {
  const summary = `${timeLeftPhrase(reminder.msLeft)}: ${leftoversPhrase(reminder.coupons, reminder.votes)}`;
  return withUnsubscribe(
    context,
    reminder.to,
    `${reminder.challengeTitle}: ${summary}`,
    [
      `${summary}.`,
      `The ${reminder.challengeTitle} ends on ${formatInstant(reminder.endDate, reminder.timeZone)}: redeem your coupons at the shops and cast your votes before then.`,
      { label: 'See your pass', path: '/profile' },
    ],
    unsubscribeToken,
  );
}

/** 'Tell me when passes go on sale': sent once, when the challenge starts. */
export function saleAlertMail(
  context: MailContext,
  alert: { to: string; challengeTitle: string },
  unsubscribeToken: string,
): OutgoingMail {
  return withUnsubscribe(
    context,
    alert.to,
    `${alert.challengeTitle} passes are on sale`,
    [
      `The ${alert.challengeTitle} has started and its Battle Passes are on sale.`,
      { label: 'Get your battle pass', path: '/checkout' },
      'You asked to be told once; this is the only email this request sends.',
    ],
    unsubscribeToken,
  );
}
