import { isNull, sql } from 'drizzle-orm';
import { businesses } from '../db/schema.ts';

/**
 * docs/RULES.md rule 8: a deleted shop leaves every list, page, count, export and draw, while its
 * redeemed coupons stay on record. This is the one condition for the shops that remain.
 */
export const isLiveShop = isNull(businesses.deletedAt);

/** The same condition in a raw query that names the businesses table `alias`. */
export const liveShopSql = (alias: string) => sql.raw(`${alias}.deleted_at is null`);
