import { COUPON_VALUE_DOLLARS } from './constants.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Every amount of money the site shows, in the web app and in emails: one `Intl.NumberFormat`
 * (docs/decisions/0019-server-rendered-public-pages-and-offline-pass.md). Whole amounts show no cents ('$25', '$1,250') unless `cents` asks for them, as a
 * payment page and a receipt do ('$25.00'); other amounts always show them ('$12.50').
 */
export function formatMoney(
  amount: number,
  { currency = 'usd', cents = false }: { currency?: string; cents?: boolean } = {},
): string {
  const digits = cents || !Number.isInteger(amount) ? 2 : 0;
  const key = `${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/**
 * What one pass is worth (docs/RULES.md rule 21): a coupon at every live shop of its challenge,
 * so eight shops make '$40'. Pages state this figure, never a fixed one.
 */
export function passWorthDollars(liveShopCount: number): number {
  return liveShopCount * COUPON_VALUE_DOLLARS;
}
