const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Whole-dollar amounts as the site shows prices: '$1,250'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
