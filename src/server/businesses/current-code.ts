import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { CurrentCode } from '#shared/shop-side.ts';
import type { Db } from '../db/client.ts';
import { businesses, challenges, type Business } from '../db/schema.ts';
import { toAdminBusiness } from './service.ts';

/**
 * The code each shop's counter accepts at `now` (docs/decisions/0013), from the database's
 * current_shop_code rule (src/server/db/rules/current_shop_code.sql): the same definition the
 * redemption rule checks, so no screen shows a code the counter refuses.
 */
export async function currentCodesOf(
  db: Db,
  shopIds: number[],
  now: Date,
): Promise<Map<number, CurrentCode>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: businesses.id,
      code: sql<CurrentCode>`current_shop_code(${businesses}, ${challenges.timeZone}, ${now.toISOString()}::timestamptz)`,
    })
    .from(businesses)
    .innerJoin(challenges, eq(challenges.id, businesses.challengeId))
    .where(inArray(businesses.id, shopIds));
  return new Map(
    rows.map(({ id, code }) => [
      id,
      // jsonb writes instants as +00:00; the API speaks ISO 8601 in UTC like everywhere else.
      { ...code, validUntil: code.validUntil && new Date(code.validUntil).toISOString() },
    ]),
  );
}

/** Shops as organizers see them, each with the code its counter accepts now. */
export async function adminBusinessesAt(
  db: Db,
  shops: Business[],
  now: Date,
): Promise<AdminBusiness[]> {
  const codes = await currentCodesOf(
    db,
    shops.map((shop) => shop.id),
    now,
  );
  return shops.map((shop) => {
    const code = codes.get(shop.id);
    if (!code) throw new Error(`no current code for shop ${shop.id}`);
    return toAdminBusiness(shop, code);
  });
}

export async function adminBusinessAt(db: Db, shop: Business, now: Date): Promise<AdminBusiness> {
  const [business] = await adminBusinessesAt(db, [shop], now);
  if (!business) throw new Error(`no current code for shop ${shop.id}`);
  return business;
}
