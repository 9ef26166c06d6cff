import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { passPseudonymSql } from '../audit-trail/pseudonym.ts';
import { liveShopSql } from '../businesses/live.ts';
import type { Db } from '../db/client.ts';
import { queryRows, sqlIntArray } from '../db/rule-call.ts';
import {
  fieldPerLanguage,
  type ChallengeTextField,
  type ShopTranslationField,
  type Translations,
} from '#shared/translations.ts';

/** Apple shows at most ten locations on a pass; the ten shops nearest the battle's centre. */
export const MAX_PASS_LOCATIONS = 10;

export interface PassLocation {
  latitude: number;
  longitude: number;
  shopName: string;
  /** The shop's name in the battle's other languages (docs/decisions/0050). */
  shopNames: Partial<Record<string, string>>;
}

/**
 * What a wallet copy of a pass shows (docs/decisions/0043), Apple's and Google's alike: built from
 * the same figures as /profile, so both say the same thing, and fingerprinted (`contentHash`) to
 * see when a wallet copy went stale.
 */
export interface PassContent {
  passId: number;
  /** The holder's saved language (users.language), which the copy speaks; null until chosen. */
  language: string | null;
  battleTitle: string;
  /** The title in the battle's other languages (docs/decisions/0050). */
  battleTitles: Partial<Record<string, string>>;
  battleStart: Date;
  battleEnd: Date;
  timeZone: string;
  /** The pass's pseudonym in the published files (audit-trail/pseudonym.ts), never its id. */
  pseudonym: string;
  couponsLeft: number;
  coupons: number;
  votesLeft: number;
  /** Switched off by a refund or dispute: the wallet copy is voided. */
  voided: boolean;
  ended: boolean;
  locations: PassLocation[];
}

interface ContentRow extends Record<string, unknown> {
  pass_id: number;
  challenge_id: number;
  title: string;
  translations: Translations<ChallengeTextField>;
  holder_language: string | null;
  start_date: string | Date;
  end_date: string | Date;
  time_zone: string;
  pseudonym: string;
  coupons_left: number;
  coupons: number;
  votes_left: number;
  active: boolean;
}

interface ShopRow extends Record<string, unknown> {
  challenge_id: number;
  name: string;
  translations: Translations<ShopTranslationField>;
  latitude: number;
  longitude: number;
}

/**
 * The shops nearest the centre of a battle's placed shops (their mean position), nearest first:
 * the battle has no centre of its own, and its shops are where it happens.
 */
export function nearestToCentre(shops: readonly PassLocation[], limit = MAX_PASS_LOCATIONS) {
  if (shops.length <= limit) return [...shops];
  const centre = {
    latitude: shops.reduce((sum, shop) => sum + shop.latitude, 0) / shops.length,
    longitude: shops.reduce((sum, shop) => sum + shop.longitude, 0) / shops.length,
  };
  // An equirectangular distance is enough to order shops of one city.
  const scale = Math.cos((centre.latitude * Math.PI) / 180);
  const distance = (shop: PassLocation) =>
    Math.hypot(shop.latitude - centre.latitude, (shop.longitude - centre.longitude) * scale);
  return shops
    .map((shop) => ({ shop, distance: distance(shop) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map(({ shop }) => shop);
}

/** The contents of the passes `where` picks (a condition on `p`, the passes row), in two statements. */
async function contentsWhere(db: Db, now: Date, where: SQL): Promise<PassContent[]> {
  const rows = await queryRows<ContentRow>(
    db,
    sql`
      select p.id as pass_id, c.id as challenge_id, c.title, c.translations,
        u.language as holder_language, c.start_date, c.end_date, c.time_zone, p.active,
        ${passPseudonymSql(sql`c.audit_salt`, sql`p.id::text`)} as pseudonym,
        (select count(*) from coupons cp join businesses b on b.id = cp.business_id
          where cp.pass_id = p.id and not cp.redeemed and ${liveShopSql('b')})::integer
          as coupons_left,
        (select count(*) from coupons cp join businesses b on b.id = cp.business_id
          where cp.pass_id = p.id and ${liveShopSql('b')})::integer as coupons,
        available_votes(p.id) as votes_left
      from passes p join challenges c on c.id = p.challenge_id join users u on u.id = p.user_id
      where ${where}
      order by p.id`,
  );
  if (rows.length === 0) return [];
  const challengeIds = [...new Set(rows.map((row) => row.challenge_id))];
  const shops = await queryRows<ShopRow>(
    db,
    sql`
      select b.challenge_id, b.name, b.translations, b.latitude, b.longitude from businesses b
      where b.challenge_id = any(${sqlIntArray(challengeIds)}) and ${liveShopSql('b')}
        and b.latitude is not null
      order by b.position, b.id`,
  );
  const locationsOf = new Map(
    challengeIds.map((id) => [
      id,
      nearestToCentre(
        shops
          .filter((shop) => shop.challenge_id === id)
          .map((shop) => ({
            latitude: Number(shop.latitude),
            longitude: Number(shop.longitude),
            shopName: shop.name,
            shopNames: fieldPerLanguage(shop.translations, 'name'),
          })),
      ),
    ]),
  );
  return rows.map((row) => {
    const battleEnd = new Date(row.end_date);
    return {
      passId: row.pass_id,
      language: row.holder_language,
      battleTitle: row.title,
      battleTitles: fieldPerLanguage(row.translations, 'title'),
      battleStart: new Date(row.start_date),
      battleEnd,
      timeZone: row.time_zone,
      pseudonym: row.pseudonym,
      couponsLeft: row.coupons_left,
      coupons: row.coupons,
      votesLeft: row.votes_left,
      voided: !row.active,
      ended: battleEnd.getTime() <= now.getTime(),
      locations: locationsOf.get(row.challenge_id) ?? [],
    };
  });
}

export async function passContent(db: Db, passId: number, now: Date): Promise<PassContent | null> {
  const [content] = await contentsWhere(db, now, sql`p.id = ${passId}`);
  return content ?? null;
}

/** The contents of the passes in a wallet whose battle ended less than a week ago or is to come. */
export function walletPassContents(db: Db, now: Date, passIds?: readonly number[]) {
  return contentsWhere(
    db,
    now,
    sql`p.id in (select pass_id from wallet_passes)
      and c.end_date > ${now.toISOString()}::timestamptz - interval '7 days'
      ${passIds ? sql`and p.id = any(${sqlIntArray(passIds)})` : sql``}`,
  );
}

/** The fingerprint of what a wallet copy shows: it moves exactly when the copy went stale. */
export function contentHash(content: PassContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
