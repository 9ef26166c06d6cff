import { defineMessages, type IntlShape } from 'react-intl';
import { shopTime } from '#shared/date-range.ts';
import type { CurrentCode } from '#shared/shop-side.ts';
import { sourceIntl } from '#client/i18n/language.tsx';

/**
 * The one name and explanation of each count the organizer's settlement and a shop's own page
 * show apart (docs/decisions/0036-one-word-per-thing.md), in the page's language:
 * - first visits: the coupons the member's 'First time at {shop}?' answer feeds;
 * - typed offline: redemptions typed without signal and counted at the phone's sync
 *   (docs/decisions/0042);
 * - free passes: coupons redeemed with free passes from vouchers (docs/RULES.md rule 24).
 */
export const shopCountWords = defineMessages({
  firstVisits: { id: 'shopCounts.firstVisits', defaultMessage: 'First visits' },
  firstVisitsExplained: {
    id: 'shopCounts.firstVisitsExplained',
    defaultMessage: 'Coupons redeemed by members who said it was their first time at the shop.',
  },
  typedOffline: { id: 'shopCounts.typedOffline', defaultMessage: 'Typed offline' },
  typedOfflineExplained: {
    id: 'shopCounts.typedOfflineExplained',
    defaultMessage:
      'Coupons whose code was typed on a phone without signal and counted when it was back online.',
  },
  freePasses: { id: 'shopCounts.freePasses', defaultMessage: 'Free passes' },
  freePassesExplained: {
    id: 'shopCounts.freePassesExplained',
    defaultMessage: 'Coupons redeemed with free passes from vouchers, owed like any other.',
  },
});

/**
 * When a rotating code stops being accepted as the current one ('Changes at Nov 23, 12:00 AM'),
 * on the challenge's clock and in the page's language; null for the static code.
 */
export function codeChangesAt(
  code: CurrentCode,
  timeZone: string,
  intl: IntlShape = sourceIntl(),
): string | null {
  if (!code.validUntil) return null;
  const time = shopTime(code.validUntil, timeZone, code.rotation === 'daily', intl.locale);
  return intl.formatMessage(
    { id: 'shopCode.changesAt', defaultMessage: 'Changes at {time}' },
    { time },
  );
}
