import { formatInstant } from '#shared/date-range.ts';
import type { PassContent } from './content.ts';

/**
 * The words both wallets show on a pass (docs/decisions/0043): one home, so Apple's card and
 * Google's object say the same thing.
 */
export interface PassTextContext {
  siteName: string;
  /** Where the QR code leads: the member's /profile, never a redemption code (docs/RULES.md rule 3). */
  profileUrl: string;
  /** CONTACT_EMAIL, else MAIL_FROM's address (env.ts organizerContact); none: the site's address. */
  contactEmail?: string | undefined;
  siteUrl: string;
}

export const HOW_TO_REDEEM =
  'At a participating shop, open your pass on the website, ask the cashier for the 4-digit code and enter it on your coupon. Each redeemed coupon earns one vote for your favourite shop.';

export function passTexts(content: PassContent, context: PassTextContext) {
  return {
    description: `${context.siteName} pass for ${content.battleTitle}`,
    status: content.voided ? 'Void' : content.ended ? 'Ended' : 'Active',
    dates: `${formatInstant(content.battleStart, content.timeZone)} – ${formatInstant(content.battleEnd, content.timeZone)}`,
    howToRedeem: HOW_TO_REDEEM,
    contact: context.contactEmail
      ? `Questions about your pass? Write to ${context.contactEmail}.`
      : `Questions about your pass? Visit ${context.siteUrl}.`,
    pseudonymNote: `Your pass appears as ${content.pseudonym} in the battle's published votes and draws.`,
  };
}
