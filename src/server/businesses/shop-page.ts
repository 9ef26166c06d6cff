import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { ShopPage } from '#shared/shop-side.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses, challenges, type Business, type Challenge } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import {
  firstVisitsSql,
  offlineRedeemedSql,
  paidDollarsSql,
  payoutsOfShop,
  redeemedCouponsSql,
} from '../settlement/payouts.ts';
import { currentCodesOf } from './current-code.ts';
import { isLiveShop } from './live.ts';
import { textsIn } from '#shared/translations.ts';

/**
 * A shop's private page (docs/decisions/0013): a random token is its only key, and only the
 * token's SHA-256 is stored, so the database alone does not open any shop's page. Issuing a new
 * token replaces the old one, which is how a leaked link is revoked.
 */
export const INVALID_SHOP_LINK = 'This shop link is not valid. Ask the organizer for a new one.';
const RECENT_REDEMPTIONS_SHOWN = 10;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a link's rate limit counts under: its stored hash, never the token itself. */
export const shopLinkLimitKey = hashOf;
const liveShop = (id: number) => and(eq(businesses.id, id), isLiveShop);

/** Issues a new link token for a live shop (192 random bits) and answers it; the old one stops working. */
export async function issueShopLink(db: Db, businessId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const [issued] = await db
    .update(businesses)
    .set({ shopLinkHash: hashOf(token) })
    .where(liveShop(businessId))
    .returning({ id: businesses.id });
  if (!issued) throw notFound('Business not found');
  return token;
}

export async function revokeShopLink(db: Db, businessId: number): Promise<void> {
  const [revoked] = await db
    .update(businesses)
    .set({ shopLinkHash: null })
    .where(liveShop(businessId))
    .returning({ id: businesses.id });
  if (!revoked) throw notFound('Business not found');
}

async function shopOfToken(
  db: Db,
  token: string,
): Promise<{ shop: Business; challenge: Challenge }> {
  const [row] = await db
    .select({ shop: businesses, challenge: challenges })
    .from(businesses)
    .innerJoin(challenges, eq(challenges.id, businesses.challengeId))
    .where(and(eq(businesses.shopLinkHash, hashOf(token)), isLiveShop));
  if (!row) throw notFound(INVALID_SHOP_LINK);
  return row;
}

/**
 * What the shop's page shows: its own figures only, and no member's name or email. The shop's name
 * and the battle's title are in `language` where the organizer wrote them, else the battle's
 * content language (docs/decisions/0050-content-languages.md), so the page and its cashier card
 * speak the page's language.
 */
export async function shopPageOf(
  db: Db,
  token: string,
  now: Date,
  language?: string,
): Promise<ShopPage> {
  const found = await shopOfToken(db, token);
  const shop = language
    ? textsIn(found.shop, found.shop.translations, ['name'], language)
    : found.shop;
  const challenge = language
    ? textsIn(found.challenge, found.challenge.translations, ['title'], language)
    : found.challenge;
  const at = now.toISOString();
  const shopId = sql`b.id`;
  const [figures] = await queryRows<{
    redeemedToday: number;
    redeemedTotal: number;
    firstVisits: number;
    offlineRedeemed: number;
    paidDollars: number;
  }>(
    db,
    sql`
      select (select count(*) from coupons k where k.business_id = b.id and k.redeemed
          and k.redeemed_at >= rotation_period_start('daily', c.time_zone,
            rotation_period('daily', c.time_zone, ${at}::timestamptz)))::int as "redeemedToday",
        ${redeemedCouponsSql(shopId)} as "redeemedTotal",
        ${firstVisitsSql(shopId)} as "firstVisits",
        ${offlineRedeemedSql(shopId)} as "offlineRedeemed",
        ${paidDollarsSql(shopId)} as "paidDollars"
      from businesses b join challenges c on c.id = b.challenge_id
      where b.id = ${shop.id}`,
  );
  const currentCode = (await currentCodesOf(db, [shop.id], now)).get(shop.id);
  if (!figures || !currentCode) throw notFound(INVALID_SHOP_LINK);
  const earnedDollars = figures.redeemedTotal * COUPON_VALUE_DOLLARS;
  const payouts = await payoutsOfShop(db, shop.id);
  // The shop's own visit count and the minute: neither a pass id nor a time that could be
  // matched to a published file's (docs/decisions/0030).
  const recent = await queryRows<{ visitNumber: number; redeemedAt: string; offline: boolean }>(
    db,
    sql`
      select visit_number::int as "visitNumber",
        to_char(redeemed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as "redeemedAt",
        offline
      from (
        select row_number() over (order by k.redeemed_at, k.id) as visit_number, k.redeemed_at,
          k.entered_at is not null as offline
        from coupons k where k.business_id = ${shop.id} and k.redeemed
      ) visits
      order by visit_number desc
      limit ${RECENT_REDEMPTIONS_SHOWN}`,
  );
  return {
    shop: { id: shop.id, name: shop.name, address: shop.address },
    challenge: { id: challenge.id, title: challenge.title, timeZone: challenge.timeZone },
    couponValueDollars: COUPON_VALUE_DOLLARS,
    redeemedToday: figures.redeemedToday,
    redeemedTotal: figures.redeemedTotal,
    firstVisits: figures.firstVisits,
    earnedDollars,
    paidDollars: figures.paidDollars,
    owedDollars: earnedDollars - figures.paidDollars,
    payouts: payouts.map(({ shopId: _shop, ...payout }) => payout),
    currentCode,
    paused: shop.paused,
    dailyCap: shop.dailyCap,
    recentRedemptions: recent.map((row) => ({
      visitNumber: Number(row.visitNumber),
      redeemedAt: row.redeemedAt,
      offline: row.offline,
    })),
    offlineRedeemed: figures.offlineRedeemed,
  };
}

/**
 * The shop pauses or resumes its own redemptions from its page. Answers whether that changed
 * anything: setting the value it already has writes nothing, so there is nothing to announce.
 */
export async function setShopPausedByToken(
  db: Db,
  token: string,
  paused: boolean,
): Promise<boolean> {
  const { shop } = await shopOfToken(db, token);
  const switched = await db
    .update(businesses)
    .set({ paused })
    .where(and(liveShop(shop.id), ne(businesses.paused, paused)))
    .returning({ id: businesses.id });
  return switched.length > 0;
}
