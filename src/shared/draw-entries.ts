/**
 * How a prize draw counts its entries (docs/RULES.md 'How draws are made'), apart from the draws'
 * schemas (#shared/draws.ts): the pass and the draw forms read these without loading zod
 * (docs/decisions/0051).
 */

/** The most distinct shops a 'shops>=N' draw may ask for. */
export const MAX_DRAW_SHOPS = 1000;

/**
 * How a draw counts entries (docs/RULES.md 'How draws are made'): one per redeemed coupon, one per
 * pass with a redeemed coupon, or one per pass with at least N distinct shops redeemed.
 */
export type DrawEntries = 'coupons' | 'passes' | `shops>=${number}`;

/** N of a 'shops>=N' draw; null for the other modes. */
export function minimumShopsOf(entries: DrawEntries): number | null {
  return entries.startsWith('shops>=') ? Number(entries.slice('shops>='.length)) : null;
}

/** A pass's entries in a draw, given its counted redeemed coupons (one per distinct shop). */
export function entriesOfPass(entries: DrawEntries, redeemedShops: number): number {
  if (entries === 'coupons') return redeemedShops;
  return redeemedShops >= (minimumShopsOf(entries) ?? 1) ? 1 : 0;
}
