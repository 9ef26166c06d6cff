import { COUPON_VALUE_DOLLARS } from './constants.ts';
import { numberFormat } from './intl-formats.ts';

/** The spec's own locale, whose dollars are written here (#shared/languages.ts `localeOf`). */
const ENGLISH = 'en-US';

/** '1250' → '1,250'. */
const withThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Every amount of money the site shows, in the web app and in emails. Whole amounts show no cents
 * ('$25', '$1,250') unless `cents` asks for them, as a payment page and a receipt do ('$25.00');
 * other amounts always show them ('$12.50'). Dollars, the site's own currency, are written here:
 * a browser's first currency `Intl.NumberFormat` loads its currency data, about 80 ms of a fast
 * machine's main thread and four times that on a phone, before a page with a price can hydrate
 * (docs/decisions/0027). Any other currency (a receipt's, as the payment records it) or `locale`
 * (a page in another language, docs/decisions/0048-languages.md) goes to Intl.
 */
export function formatMoney(
  amount: number,
  {
    currency = 'usd',
    cents = false,
    locale = ENGLISH,
  }: { currency?: string; cents?: boolean; locale?: string } = {},
): string {
  const digits = cents || !Number.isInteger(amount) ? 2 : 0;
  if (currency.toLowerCase() === 'usd' && locale === ENGLISH) {
    const [whole = '0', fraction] = Math.abs(amount).toFixed(digits).split('.');
    return `${amount < 0 ? '-' : ''}$${withThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
  }
  return numberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * What one pass is worth (docs/RULES.md rule 21): a coupon at every live shop of its challenge,
 * so eight shops make '$40'. Pages state this figure, never a fixed one.
 */
export function passWorthDollars(liveShopCount: number): number {
  return liveShopCount * COUPON_VALUE_DOLLARS;
}
