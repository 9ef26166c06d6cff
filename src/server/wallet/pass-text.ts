import { formatInstant } from '#shared/date-range.ts';
import {
  languagePath,
  localeOf,
  offeredLanguageOr,
  SITE_LANGUAGES,
  type SiteLanguages,
} from '#shared/languages.ts';
import { pageIntl } from '../pages/page-intl.ts';
import type { PassContent, PassLocation } from './content.ts';

/**
 * The words both wallets show on a pass (docs/decisions/0043): one home, so Apple's card and
 * Google's object say the same thing.
 */
export interface PassTextContext {
  siteName: string;
  /** CONTACT_EMAIL, else MAIL_FROM's address (env.ts organizerContact); none: the site's address. */
  contactEmail?: string | undefined;
  /** The site's origin. */
  siteUrl: string;
  /** LANGUAGES and DEFAULT_LANGUAGE (docs/decisions/0048); unset, English and Spanish. */
  languages?: SiteLanguages;
}

/**
 * The pass's words in its holder's saved language (`users.language`) while the site still has it,
 * else the site's default, as their emails speak (docs/decisions/0049); the battle and its shops as
 * the organizer wrote them there. A wallet copy is rebuilt when the holder changes language (it is
 * part of the content's fingerprint).
 */
export function passTexts(content: PassContent, context: PassTextContext) {
  const site = context.languages ?? SITE_LANGUAGES;
  const language = offeredLanguageOr(site, content.language);
  const intl = pageIntl(language);
  const battleTitle = content.battleTitles[language] ?? content.battleTitle;
  const dateOf = (at: Date) => formatInstant(at, content.timeZone, { locale: localeOf(language) });
  return {
    /** The locale Google's localized strings are tagged with. */
    locale: localeOf(language),
    battleTitle,
    /** Where the QR code leads: the member's /profile, never a redemption code (docs/RULES.md rule 3). */
    profileUrl: `${context.siteUrl}${languagePath('/profile', language, site.defaultLanguage)}`,
    description: intl.formatMessage(
      { id: 'wallet.description', defaultMessage: '{siteName} pass for {battleTitle}' },
      { siteName: context.siteName, battleTitle },
    ),
    status: intl.formatMessage(
      {
        id: 'wallet.status',
        defaultMessage: '{status, select, void {Void} ended {Ended} other {Active}}',
      },
      { status: content.voided ? 'void' : content.ended ? 'ended' : 'active' },
    ),
    dates: `${dateOf(content.battleStart)} – ${dateOf(content.battleEnd)}`,
    howToRedeem: intl.formatMessage({
      id: 'wallet.howToRedeem',
      defaultMessage:
        'At a participating shop, open your pass on the website, ask the cashier for the 4-digit code and enter it on your coupon. Each redeemed coupon earns one vote for your favourite shop.',
    }),
    contact: context.contactEmail
      ? intl.formatMessage(
          {
            id: 'wallet.contactByEmail',
            defaultMessage: 'Questions about your pass? Write to {contactEmail}.',
          },
          { contactEmail: context.contactEmail },
        )
      : intl.formatMessage(
          {
            id: 'wallet.contactOnSite',
            defaultMessage: 'Questions about your pass? Visit {siteUrl}.',
          },
          { siteUrl: context.siteUrl },
        ),
    pseudonymNote: intl.formatMessage(
      {
        id: 'wallet.pseudonymNote',
        defaultMessage:
          "Your pass appears as {pseudonym} in the battle's published votes and draws.",
      },
      { pseudonym: content.pseudonym },
    ),
    shopTakesPart: (location: PassLocation) =>
      intl.formatMessage(
        { id: 'wallet.shopTakesPart', defaultMessage: '{shopName} takes part in {battleTitle}' },
        { shopName: location.shopNames[language] ?? location.shopName, battleTitle },
      ),
    labels: {
      status: intl.formatMessage({ id: 'wallet.statusLabel', defaultMessage: 'Status' }),
      couponsLeft: intl.formatMessage({
        id: 'wallet.couponsLeftLabel',
        defaultMessage: 'Coupons left',
      }),
      votesLeft: intl.formatMessage({ id: 'wallet.votesLeftLabel', defaultMessage: 'Votes left' }),
      battle: intl.formatMessage({ id: 'wallet.battleLabel', defaultMessage: 'Battle' }),
      ends: intl.formatMessage({ id: 'wallet.endsLabel', defaultMessage: 'Ends' }),
      pass: intl.formatMessage({ id: 'wallet.passLabel', defaultMessage: 'Pass' }),
      howToRedeem: intl.formatMessage({
        id: 'wallet.howToRedeemLabel',
        defaultMessage: 'How to redeem',
      }),
      dates: intl.formatMessage({ id: 'wallet.datesLabel', defaultMessage: 'Battle dates' }),
      contact: intl.formatMessage({
        id: 'wallet.contactLabel',
        defaultMessage: 'Contact the organizers',
      }),
      pseudonym: intl.formatMessage({
        id: 'wallet.pseudonymLabel',
        defaultMessage: 'Your pass in published files',
      }),
      profile: intl.formatMessage({
        id: 'wallet.profileLabel',
        defaultMessage: 'Your pass online',
      }),
      openYourPass: intl.formatMessage({
        id: 'wallet.openYourPass',
        defaultMessage: 'Open your pass',
      }),
      battlePass: intl.formatMessage({ id: 'wallet.battlePass', defaultMessage: 'Battle pass' }),
    },
  };
}
