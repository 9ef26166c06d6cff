import { defineMessage, type IntlShape } from 'react-intl/server';
import type { SiteUrl } from '../site-url.ts';
import type { OutgoingMail } from './transport.ts';
import { formatInstant } from '#shared/date-range.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { inactiveReasonText } from '#shared/passes.ts';
import { receiptNumber } from '#shared/payments.ts';
import { linkParts } from '#shared/messages.ts';
import { listUnsubscribeHeaders, unsubscribeApiPath } from '#shared/unsubscribe.ts';
import {
  languagePath,
  localeOf,
  offeredLanguageOr,
  SITE_LANGUAGES,
  SOURCE_LANGUAGE,
  type SiteLanguages,
} from '#shared/languages.ts';
import { escapeHtml } from '../text.ts';
import { pageIntl } from '../pages/page-intl.ts';
import { sentenceIn } from '../api-messages.ts';
import type { SaidSentence } from '../errors.ts';
import { shopNameTexts, type NamedShop } from '../businesses/named-shop.ts';

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
  /** LANGUAGES and DEFAULT_LANGUAGE (docs/decisions/0048); unset, English and Spanish. */
  languages?: SiteLanguages;
}

/**
 * The language one email speaks (docs/decisions/0049-api-and-mail-languages.md): the
 * addressee's saved language (`users.language`) while the site still has it, else the site's
 * default. Its words come from the web app's catalogs, its links go to the pages in it.
 */
export interface MailWords {
  language: string;
  locale: string;
  intl: IntlShape;
  /** A page's address in the email's language; API addresses (unsubscribe) have no language. */
  path: (path: string) => string;
}

export function mailWords(context: MailContext, language?: string | null): MailWords {
  const site = context.languages ?? SITE_LANGUAGES;
  const spoken = offeredLanguageOr(site, language);
  return {
    language: spoken,
    locale: localeOf(spoken),
    intl: pageIntl(spoken),
    path: (path) =>
      path.startsWith('/api/') ? path : languagePath(path, spoken, site.defaultLanguage),
  };
}

/** The addressee's saved language, which every email's details may carry. */
interface Addressee {
  language?: string | null;
}

/** The context for the site's emails. */
export function mailContextOf(config: {
  siteName: string;
  siteUrl: SiteUrl;
  mailUnconfirmedPerDay?: number;
  contactEmail?: string | undefined;
  wallet?: { apple: unknown; google: unknown } | undefined;
  languages?: SiteLanguages;
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
    ...(config.languages ? { languages: config.languages } : {}),
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
function compose(
  context: MailContext,
  words: MailWords,
  to: string,
  subject: string,
  blocks: Block[],
): OutgoingMail {
  const url = (path: string) => new URL(words.path(path), context.baseUrl).toString();
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
  const signature = words.intl.formatMessage(
    { id: 'mail.signature', defaultMessage: 'The {siteName} team' },
    { siteName: context.siteName },
  );
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
  user: { email: string } & Addressee,
  confirmToken: string,
): OutgoingMail {
  const words = mailWords(context, user.language);
  const { intl } = words;
  const siteName = context.siteName;
  return compose(
    context,
    words,
    user.email,
    intl.formatMessage(
      { id: 'mail.welcome.subject', defaultMessage: 'Welcome to {siteName}' },
      { siteName },
    ),
    [
      intl.formatMessage(
        { id: 'mail.welcome.greeting', defaultMessage: 'Welcome to {siteName}!' },
        { siteName },
      ),
      intl.formatMessage({
        id: 'mail.welcome.notYou',
        defaultMessage:
          'An account was just registered with this email address. If that was not you, ignore this email.',
      }),
      intl.formatMessage(
        {
          id: 'mail.welcome.confirmWithin',
          defaultMessage:
            'If it was you, confirm the address within {hours} hours: then your password reset links always reach you, however often others ask for mail to it.',
        },
        { hours: EMAIL_CHANGE_LINK_HOURS },
      ),
      {
        label: intl.formatMessage(CONFIRM_ADDRESS),
        path: `/auth/verify-email?token=${encodeURIComponent(confirmToken)}`,
      },
      intl.formatMessage({
        id: 'mail.welcome.ready',
        defaultMessage:
          'Your account is ready. Get a battle pass to collect a coupon at every participating shop, and vote for your favourite with every coupon you redeem.',
      }),
      { label: intl.formatMessage(GET_YOUR_PASS), path: '/checkout' },
    ],
  );
}

/** Words several emails share. */
const CONFIRM_ADDRESS = defineMessage({
  id: 'mail.confirmAddress',
  defaultMessage: 'Confirm this email address',
});
const GET_YOUR_PASS = defineMessage({
  id: 'mail.getYourPass',
  defaultMessage: 'Get your battle pass',
});
const SEE_YOUR_PASS = defineMessage({ id: 'mail.seeYourPass', defaultMessage: 'See your pass' });
const CHOOSE_NEW_PASSWORD = defineMessage({
  id: 'mail.chooseNewPassword',
  defaultMessage: 'Choose a new password',
});

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
  language?: string | null,
): OutgoingMail {
  const words = mailWords(context, language);
  const { intl } = words;
  const siteName = context.siteName;
  const links = accounts.map(({ username, token }) => ({
    label:
      accounts.length === 1
        ? intl.formatMessage(CHOOSE_NEW_PASSWORD)
        : intl.formatMessage(
            {
              id: 'mail.reset.chooseFor',
              defaultMessage: 'Choose a new password for "{username}"',
            },
            { username },
          ),
    path: `/auth/reset?token=${encodeURIComponent(token)}`,
  }));
  const asked =
    accounts.length === 1
      ? intl.formatMessage(
          {
            id: 'mail.reset.askedOne',
            defaultMessage:
              'Someone asked to reset the password of the {siteName} account "{username}".',
          },
          { siteName, username: accounts[0]!.username },
        )
      : intl.formatMessage(
          {
            id: 'mail.reset.askedMany',
            defaultMessage:
              'Someone asked to reset the password of the {count, plural, one {# account} other {# accounts}} of {siteName} that use this email address: {usernames}. Each link below is for the account it names.',
          },
          {
            count: accounts.length,
            siteName,
            usernames: accounts.map(({ username }) => `"${username}"`).join(', '),
          },
        );
  return compose(
    context,
    words,
    email,
    intl.formatMessage(
      { id: 'mail.reset.subject', defaultMessage: 'Reset your {siteName} password' },
      { siteName },
    ),
    [
      asked,
      intl.formatMessage(
        {
          id: 'mail.reset.within',
          defaultMessage:
            'Choose a new password with {links, select, one {this link} other {its link}} within {minutes} minutes. It works once.',
        },
        { links: accounts.length === 1 ? 'one' : 'other', minutes: RESET_LINK_MINUTES },
      ),
      ...links,
      intl.formatMessage({
        id: 'mail.reset.ignore',
        defaultMessage:
          'If you did not ask for this, ignore this email: your password stays as it is.',
      }),
    ],
  );
}

/** Email change links last this long (also the token's expiry, auth/email-change.ts). */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export function emailChangeMail(
  context: MailContext,
  change: { newEmail: string; username: string } & Addressee,
  token: string,
): OutgoingMail {
  const words = mailWords(context, change.language);
  const { intl } = words;
  const siteName = context.siteName;
  return compose(
    context,
    words,
    change.newEmail,
    intl.formatMessage(
      {
        id: 'mail.emailChange.subject',
        defaultMessage: 'Confirm your new {siteName} email address',
      },
      { siteName },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.emailChange.asked',
          defaultMessage: 'The {siteName} account "{username}" asked to use this email address.',
        },
        { siteName, username: change.username },
      ),
      intl.formatMessage(
        {
          id: 'mail.emailChange.within',
          defaultMessage: 'Confirm it with this link within {hours} hours. It works once.',
        },
        { hours: EMAIL_CHANGE_LINK_HOURS },
      ),
      {
        label: intl.formatMessage(CONFIRM_ADDRESS),
        path: `/auth/verify-email?token=${encodeURIComponent(token)}`,
      },
      intl.formatMessage({
        id: 'mail.emailChange.ignore',
        defaultMessage: 'If you did not ask for this, ignore this email: nothing changes.',
      }),
    ],
  );
}

/**
 * To the current address the moment a change is asked for: the request needs the password, so a
 * member who did not ask learns that someone knows it while the link still waits to be opened.
 */
export function emailChangeRequestedNoticeMail(
  context: MailContext,
  change: { currentEmail: string; newEmail: string; username: string } & Addressee,
): OutgoingMail {
  const words = mailWords(context, change.language);
  const { intl } = words;
  const siteName = context.siteName;
  return compose(
    context,
    words,
    change.currentEmail,
    intl.formatMessage(
      {
        id: 'mail.emailChangeRequested.subject',
        defaultMessage: 'Was this you? {siteName} email change',
      },
      { siteName },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.emailChangeRequested.asked',
          defaultMessage:
            'Someone signed in to the {siteName} account "{username}" asked to change its email address to {newEmail}.',
        },
        { siteName, username: change.username, newEmail: change.newEmail },
      ),
      intl.formatMessage(
        {
          id: 'mail.emailChangeRequested.ifYou',
          defaultMessage:
            'If it was you, open the link we sent to {newEmail}; your address stays as it is until then.',
        },
        { newEmail: change.newEmail },
      ),
      intl.formatMessage({
        id: 'mail.emailChangeRequested.ifNotYou',
        defaultMessage:
          'If it was not you, someone knows your password: choose a new one now. That also cancels this change.',
      }),
      { label: intl.formatMessage(CHOOSE_NEW_PASSWORD), path: '/auth/reset' },
    ],
  );
}

/** To the old address once the change is done, so a member whose account was taken over learns of it. */
export function emailChangedNoticeMail(
  context: MailContext,
  change: { oldEmail: string; newEmail: string; username: string } & Addressee,
): OutgoingMail {
  const words = mailWords(context, change.language);
  const { intl } = words;
  const siteName = context.siteName;
  return compose(
    context,
    words,
    change.oldEmail,
    intl.formatMessage(
      {
        id: 'mail.emailChanged.subject',
        defaultMessage: 'Your {siteName} email address was changed',
      },
      { siteName },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.emailChanged.changed',
          defaultMessage:
            'The email address of the {siteName} account "{username}" was changed from {oldEmail} to {newEmail}.',
        },
        {
          siteName,
          username: change.username,
          oldEmail: change.oldEmail,
          newEmail: change.newEmail,
        },
      ),
      intl.formatMessage({
        id: 'mail.emailChanged.ifNotYou',
        defaultMessage:
          'If you did not do this, sign in and change your password, or reply to the organizers of your battle.',
      }),
    ],
  );
}

export interface ReceiptDetails extends Addressee {
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
function orderLines(intl: IntlShape, order: ReceiptDetails['order']): string[] {
  const count = Number(order.ownPass) + order.passesToGive;
  if (count === 1 && order.ownPass) return [];
  const numbered = (index: number, whose: 'yours' | 'toGive') =>
    intl.formatMessage(
      {
        id: 'mail.receipt.orderLine',
        defaultMessage:
          "Battle Pass {number} of {count}: {whose, select, yours {yours, on your pass page} other {to give, from 'Passes to Give' on your pass page}}",
      },
      { number: String(index + 1), count: String(count), whose },
    );
  return [
    ...(order.ownPass ? [numbered(0, 'yours')] : []),
    ...Array.from({ length: order.passesToGive }, (_, index) =>
      numbered(index + Number(order.ownPass), 'toGive'),
    ),
  ];
}

export function receiptMail(context: MailContext, receipt: ReceiptDetails): OutgoingMail {
  const words = mailWords(context, receipt.language);
  const { intl, locale } = words;
  const passes = orderLines(intl, receipt.order);
  const money = (cents: number) =>
    formatMoney(cents / 100, { currency: receipt.currency, cents: true, locale });
  const title = receipt.challengeTitle;
  const whose = passes.length > 1 ? 'each' : receipt.order.ownPass ? 'your' : 'the';
  return compose(
    context,
    words,
    receipt.email,
    intl.formatMessage(
      { id: 'mail.receipt.subject', defaultMessage: 'Your {title} Battle Pass receipt' },
      { title },
    ),
    [
      passes.length > 1
        ? intl.formatMessage(
            {
              id: 'mail.receipt.thanksMany',
              defaultMessage: 'Thank you for buying {count} {title} Battle Passes.',
            },
            { count: String(passes.length), title },
          )
        : intl.formatMessage(
            {
              id: 'mail.receipt.thanksOne',
              defaultMessage: 'Thank you for buying the {title} Battle Pass.',
            },
            { title },
          ),
      intl.formatMessage(
        { id: 'mail.receipt.number', defaultMessage: 'Receipt number: {number}' },
        { number: receiptNumber(receipt.paymentId) },
      ),
      passes.length > 1
        ? intl.formatMessage(
            {
              id: 'mail.receipt.paidMany',
              defaultMessage: 'Price paid: {amount} ({count} passes at {each})',
            },
            {
              amount: money(receipt.amountCents),
              count: String(passes.length),
              each: money(receipt.amountCents / passes.length),
            },
          )
        : intl.formatMessage(
            { id: 'mail.receipt.paid', defaultMessage: 'Price paid: {amount}' },
            { amount: money(receipt.amountCents) },
          ),
      ...(receipt.discountCents > 0
        ? [
            intl.formatMessage(
              {
                id: 'mail.receipt.discount',
                defaultMessage: 'Promo code discount: {amount} off the full price',
              },
              { amount: money(receipt.discountCents) },
            ),
          ]
        : []),
      intl.formatMessage(
        { id: 'mail.receipt.date', defaultMessage: 'Date: {date}' },
        { date: formatInstant(receipt.purchasedAt, receipt.timeZone, { time: false, locale }) },
      ),
      ...(passes.length > 0
        ? [
            intl.formatMessage({
              id: 'mail.receipt.orderHolds',
              defaultMessage: 'This order holds:',
            }),
            { items: passes },
          ]
        : []),
      intl.formatMessage(
        {
          id: 'mail.receipt.coupons',
          defaultMessage:
            '{whose, select, each {Each} your {Your} other {The}} pass includes {count, plural, one {# coupon} other {# coupons}}, one at each of these shops:',
        },
        { whose, count: receipt.shops.length },
      ),
      { items: receipt.shops },
      intl.formatMessage(
        {
          id: 'mail.receipt.ends',
          defaultMessage:
            'The battle ends {end}: redeem your coupons and cast your votes before then.',
        },
        { end: formatInstant(receipt.endDate, receipt.timeZone, { locale }) },
      ),
      // The steps of 'How to Redeem Coupons' on /profile, in short.
      intl.formatMessage(
        {
          id: 'mail.receipt.howToRedeem',
          defaultMessage:
            "How to redeem: at a participating shop, order anything and ask the cashier for the 4-digit redemption code. Open your pass, tap 'Redeem Coupon' on that shop's coupon and enter the code: your {value} credit is applied to your order, and you earn one vote.",
        },
        { value: formatMoney(COUPON_VALUE_DOLLARS, { locale }) },
      ),
      ...(context.wallets?.length
        ? [
            intl.formatMessage(
              {
                id: 'mail.receipt.wallets',
                defaultMessage:
                  'Keep your pass on your phone: add it to {wallets} from your pass page.',
              },
              { wallets: intl.formatList(context.wallets, { type: 'disjunction' }) },
            ),
          ]
        : []),
      {
        label: intl.formatMessage({
          id: 'mail.receipt.seePassAndCoupons',
          defaultMessage: 'See your pass and coupons',
        }),
        path: '/profile',
      },
      ...(context.contactEmail
        ? [
            intl.formatMessage(
              {
                id: 'mail.receipt.questions',
                defaultMessage: 'Questions about your pass? Write to the organizers at {email}.',
              },
              { email: context.contactEmail },
            ),
          ]
        : []),
    ],
  );
}

/**
 * A pass someone bought or gave away for the addressee (passes/claims.ts): the link that makes it
 * theirs, with the sender's own note as plain text (the sender's name, or 'A friend' when
 * they gave none). The addressee may have no account yet: it speaks the sender's language.
 */
export function passGiftMail(
  context: MailContext,
  gift: {
    email: string;
    fromName: string | null;
    challengeTitle: string;
    note?: string;
    claimPath: string;
  } & Addressee,
): OutgoingMail {
  const words = mailWords(context, gift.language);
  const { intl, locale } = words;
  const fromName =
    gift.fromName || intl.formatMessage({ id: 'mail.gift.aFriend', defaultMessage: 'A friend' });
  const names = { fromName, title: gift.challengeTitle };
  return compose(
    context,
    words,
    gift.email,
    intl.formatMessage(
      { id: 'mail.gift.subject', defaultMessage: '{fromName} sent you a {title} Battle Pass' },
      names,
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.gift.sent',
          defaultMessage:
            '{fromName} sent you a {title} Battle Pass: one {value} coupon at every participating shop, and a vote for your favourite with each one you redeem.',
        },
        { ...names, value: formatMoney(COUPON_VALUE_DOLLARS, { locale }) },
      ),
      // A member's words, escaped and with no link made clickable: the mail carries only our links.
      ...(gift.note
        ? [
            intl.formatMessage(
              { id: 'mail.gift.wrote', defaultMessage: '{fromName} wrote: “{note}”' },
              { fromName, note: gift.note },
            ),
          ]
        : []),
      intl.formatMessage({
        id: 'mail.gift.open',
        defaultMessage:
          'Open the link, sign in or create an account, and the pass is yours. The link works once.',
      }),
      {
        label: intl.formatMessage({ id: 'mail.gift.take', defaultMessage: 'Take your pass' }),
        path: gift.claimPath,
      },
    ],
  );
}

export function passSwitchedOffMail(
  context: MailContext,
  details: { email: string; challengeTitle: string; reason: string } & Addressee,
): OutgoingMail {
  const words = mailWords(context, details.language);
  const { intl } = words;
  return compose(
    context,
    words,
    details.email,
    intl.formatMessage(
      {
        id: 'mail.passOff.subject',
        defaultMessage: 'Your {title} Battle Pass is no longer active',
      },
      { title: details.challengeTitle },
    ),
    [
      inactiveReasonText(details.reason, intl),
      intl.formatMessage({
        id: 'mail.passOff.couponsOff',
        defaultMessage: 'Its coupons can no longer be redeemed and its votes no longer count.',
      }),
      { label: intl.formatMessage(SEE_YOUR_PASS), path: '/profile' },
    ],
  );
}

/**
 * docs/decisions/0042: an offline redemption refused when the phone came back online. The member
 * may have left the counter thinking it counted, so they hear of it even with the app closed.
 */
export function offlineRedemptionRefusedMail(
  context: MailContext,
  details: {
    email: string;
    shop: NamedShop;
    /** The refusal the member's phone was answered with, said again in the email's language. */
    reason: SaidSentence;
    stillRunning: boolean;
  } & Addressee,
): OutgoingMail {
  const words = mailWords(context, details.language);
  const { intl, locale } = words;
  const shopName = shopNameTexts(details.shop).shopName[words.language] ?? details.shop.shopName;
  return compose(
    context,
    words,
    details.email,
    intl.formatMessage(
      {
        id: 'mail.offlineRefused.subject',
        defaultMessage: 'Your coupon at {shopName} was not counted',
      },
      { shopName },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.offlineRefused.refused',
          defaultMessage:
            'The code you typed offline for your {value} coupon at {shopName} was refused when your phone came back online:',
        },
        { value: formatMoney(COUPON_VALUE_DOLLARS, { locale }), shopName },
      ),
      sentenceIn(details.reason, words.language),
      details.stillRunning
        ? intl.formatMessage({
            id: 'mail.offlineRefused.stillAvailable',
            defaultMessage:
              'The coupon is still available: ask the cashier for the code on your next visit.',
          })
        : intl.formatMessage({
            id: 'mail.offlineRefused.ended',
            defaultMessage: 'The battle has ended, so the coupon can no longer be redeemed.',
          }),
      { label: intl.formatMessage(SEE_YOUR_PASS), path: '/profile' },
    ],
  );
}

/**
 * To the old address once an account is deleted (member-data/deletion.ts), so an owner whose
 * session was taken over learns of it. It names no username: the account's name is erased too.
 */
export function accountDeletedMail(
  context: MailContext,
  email: string,
  language?: string | null,
): OutgoingMail {
  const words = mailWords(context, language);
  const { intl } = words;
  const siteName = context.siteName;
  return compose(
    context,
    words,
    email,
    intl.formatMessage(
      { id: 'mail.deleted.subject', defaultMessage: 'Your {siteName} account was deleted' },
      { siteName },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.deleted.deleted',
          defaultMessage:
            'The {siteName} account that used this email address was deleted just now, after its password was entered.',
        },
        { siteName },
      ),
      intl.formatMessage({
        id: 'mail.deleted.erased',
        defaultMessage:
          'Its name, email address and password are erased. Its passes, coupons, votes and payments stay without them, so battle results and shop settlements do not change.',
      }),
      intl.formatMessage({
        id: 'mail.deleted.ifNotYou',
        defaultMessage: 'If you did not do this, reply to the organizers of your battle.',
      }),
      {
        label: intl.formatMessage({
          id: 'mail.deleted.privacy',
          defaultMessage: 'How we handle your data',
        }),
        path: '/privacy',
      },
    ],
  );
}

/** docs/RULES.md rule 19: written in the reveal's own transaction (draws/service.ts). */
export function drawWinnerMail(
  context: MailContext,
  details: { email: string; username: string; challengeTitle: string; prize: string } & Addressee,
  resultsPath: string,
): OutgoingMail {
  const words = mailWords(context, details.language);
  const { intl } = words;
  return compose(
    context,
    words,
    details.email,
    intl.formatMessage(
      { id: 'mail.drawWinner.subject', defaultMessage: 'You won a prize in {title}!' },
      { title: details.challengeTitle },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.drawWinner.congratulations',
          defaultMessage:
            'Congratulations, {username}! Your {title} Battle Pass was drawn for: {prize}.',
        },
        { username: details.username, title: details.challengeTitle, prize: details.prize },
      ),
      intl.formatMessage({
        id: 'mail.drawWinner.collect',
        defaultMessage:
          'The organizers will be in touch about collecting it. Anyone can check the draw on the results page.',
      }),
      {
        label: intl.formatMessage({
          id: 'mail.drawWinner.seeResults',
          defaultMessage: 'See the results and the draw',
        }),
        path: resultsPath,
      },
    ],
  );
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
  } & Addressee,
): OutgoingMail {
  const words = mailWords(context, details.language);
  const { intl } = words;
  const names = { reward: details.reward, title: details.challengeTitle };
  return compose(
    context,
    words,
    details.email,
    intl.formatMessage(
      { id: 'mail.reward.subject', defaultMessage: 'You earned {reward} in {title}!' },
      names,
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.reward.visited',
          defaultMessage:
            'You have visited {shops} shops with your {title} Battle Pass, and that earns you {reward}.',
        },
        { ...names, shops: String(details.shops) },
      ),
      intl.formatMessage(
        {
          id: 'mail.reward.pickupCode',
          defaultMessage:
            'Your pick-up code is {code}. Show it to the organizers to collect your reward; it works once.',
        },
        { code: details.pickupCode },
      ),
      { label: intl.formatMessage(SEE_YOUR_PASS), path: '/profile' },
    ],
  );
}

/** Organizer mail: RFC 8058 headers and a visible link, all to the same one-click address. */
function withUnsubscribe(
  context: MailContext,
  words: MailWords,
  to: string,
  subject: string,
  blocks: Block[],
  token: string,
): OutgoingMail {
  const path = unsubscribeApiPath(token);
  const mail = compose(context, words, to, subject, [
    ...blocks,
    {
      label: words.intl.formatMessage({
        id: 'mail.unsubscribe',
        defaultMessage: "Unsubscribe from the organizer's emails",
      }),
      path,
    },
  ]);
  return {
    ...mail,
    headers: listUnsubscribeHeaders(new URL(path, context.baseUrl).toString()),
  };
}

/** An organizer's message to pass holders (POST /api/admin/challenges/:id/messages). */
export function organizerMessageMail(
  context: MailContext,
  message: { to: string; subject: string; text: string; challengeTitle: string } & Addressee,
  unsubscribeToken: string,
): OutgoingMail {
  const words = mailWords(context, message.language);
  return withUnsubscribe(
    context,
    words,
    message.to,
    message.subject,
    [
      { plain: message.text },
      words.intl.formatMessage(
        {
          id: 'mail.organizerMessage.why',
          defaultMessage:
            'You get this as a holder of the {title} Battle Pass. Receipts and account emails keep coming if you unsubscribe.',
        },
        { title: message.challengeTitle },
      ),
    ],
    unsubscribeToken,
  );
}

/** '3 days left', '1 day left', '5 hours left': whole days from two days on, hours below. */
export function timeLeftPhrase(
  msLeft: number,
  intl: IntlShape = pageIntl(SOURCE_LANGUAGE),
): string {
  const hours = Math.max(1, Math.round(msLeft / 3_600_000));
  return hours >= 24
    ? intl.formatMessage(
        {
          id: 'mail.reminder.daysLeft',
          defaultMessage: '{days, plural, one {# day left} other {# days left}}',
        },
        { days: hours >= 48 ? Math.round(hours / 24) : 1 },
      )
    : intl.formatMessage(
        {
          id: 'mail.reminder.hoursLeft',
          defaultMessage: '{hours, plural, one {# hour left} other {# hours left}}',
        },
        { hours },
      );
}

/** 'Coupons and votes waiting': '4 coupons and 2 votes', '1 coupon', '3 votes'. */
export function leftoversPhrase(
  coupons: number,
  votes: number,
  intl: IntlShape = pageIntl(SOURCE_LANGUAGE),
): string {
  return intl.formatMessage(
    {
      id: 'mail.reminder.waiting',
      defaultMessage:
        '{which, select, both {{coupons, plural, one {# coupon} other {# coupons}} and {votes, plural, one {# vote} other {# votes}}} coupons {{coupons, plural, one {# coupon} other {# coupons}}} votes {{votes, plural, one {# vote} other {# votes}}} other {}} waiting',
    },
    {
      which:
        coupons > 0 && votes > 0 ? 'both' : coupons > 0 ? 'coupons' : votes > 0 ? 'votes' : 'none',
      coupons,
      votes,
    },
  );
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
  } & Addressee,
  unsubscribeToken: string,
): OutgoingMail {
  const words = mailWords(context, reminder.language);
  const { intl, locale } = words;
  const summary = intl.formatMessage(
    { id: 'mail.reminder.summary', defaultMessage: '{timeLeft}: {waiting}' },
    {
      timeLeft: timeLeftPhrase(reminder.msLeft, intl),
      waiting: leftoversPhrase(reminder.coupons, reminder.votes, intl),
    },
  );
  return withUnsubscribe(
    context,
    words,
    reminder.to,
    intl.formatMessage(
      { id: 'mail.reminder.subject', defaultMessage: '{title}: {summary}' },
      { title: reminder.challengeTitle, summary },
    ),
    [
      intl.formatMessage(
        { id: 'mail.reminder.summaryLine', defaultMessage: '{summary}.' },
        { summary },
      ),
      intl.formatMessage(
        {
          id: 'mail.reminder.ends',
          defaultMessage:
            'The {title} ends on {end}: redeem your coupons at the shops and cast your votes before then.',
        },
        {
          title: reminder.challengeTitle,
          end: formatInstant(reminder.endDate, reminder.timeZone, { locale }),
        },
      ),
      { label: intl.formatMessage(SEE_YOUR_PASS), path: '/profile' },
    ],
    unsubscribeToken,
  );
}

/**
 * 'Tell me when passes go on sale': sent once, when the challenge starts, in the language of
 * the page the alert was asked for on.
 */
export function saleAlertMail(
  context: MailContext,
  alert: { to: string; challengeTitle: string } & Addressee,
  unsubscribeToken: string,
): OutgoingMail {
  const words = mailWords(context, alert.language);
  const { intl } = words;
  const title = alert.challengeTitle;
  return withUnsubscribe(
    context,
    words,
    alert.to,
    intl.formatMessage(
      { id: 'mail.saleAlert.subject', defaultMessage: '{title} passes are on sale' },
      { title },
    ),
    [
      intl.formatMessage(
        {
          id: 'mail.saleAlert.started',
          defaultMessage: 'The {title} has started and its Battle Passes are on sale.',
        },
        { title },
      ),
      { label: intl.formatMessage(GET_YOUR_PASS), path: '/checkout' },
      intl.formatMessage({
        id: 'mail.saleAlert.once',
        defaultMessage: 'You asked to be told once; this is the only email this request sends.',
      }),
    ],
    unsubscribeToken,
  );
}
