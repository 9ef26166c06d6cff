import { sql, type SQL } from 'drizzle-orm';
import { liveShopSql } from '../businesses/live.ts';

/** A counted pass (docs/GLOSSARY.md) and a live shop: what a vote or a redemption needs to count. */
const countedPassAtLiveShop = (pass: string, shop: string): SQL =>
  sql`${sql.raw(pass)}.active and ${liveShopSql(shop)}`;

/**
 * A counted vote (docs/GLOSSARY.md): a vote of a counted pass (not switched off by a refund, a
 * dispute or an organizer, docs/RULES.md rule 6) for a live shop (rule 8). The one condition for
 * what the standings count: votes.csv and the results' ranking, the freeze's counts and the draws'
 * entries agree because they all read it; the shops' counters (`vote_count`) are kept equal to it
 * by the rule functions that switch passes and delete shops. In a raw query that names the passes
 * table `pass` and the businesses table `shop`.
 */
export const countedVoteSql = (pass: string, shop: string): SQL =>
  countedPassAtLiveShop(pass, shop);

/**
 * A counted redemption: a redeemed coupon of a counted pass at a live shop; with `by`, redeemed
 * no later than that instant (a draw's entries: by the battle's end). What makes a member a shop's
 * redeemer (docs/GLOSSARY.md) and what a draw's entries are drawn from (docs/RULES.md rule 19).
 * In a raw query that names the coupons table `coupon`, its pass `pass` and its shop `shop`.
 */
export const countedRedemptionSql = (coupon: string, pass: string, shop: string, by?: SQL): SQL => {
  const redeemed = sql`${sql.raw(coupon)}.redeemed and ${countedPassAtLiveShop(pass, shop)}`;
  return by ? sql`${redeemed} and ${sql.raw(coupon)}.redeemed_at <= ${by}` : redeemed;
};
