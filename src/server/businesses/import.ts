import { and, eq, max } from 'drizzle-orm';
import { checkShopRows, readShopCsv } from '#shared/shop-import.ts';
import type { ShopImportResult } from '#shared/shop-import.ts';
import type { SiteLanguages } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import { badRequest, conflict, isUniqueViolation } from '../errors.ts';
import { requireChallenge } from '../challenges/require.ts';
import { insertBusinessInTx, refuseIfEnded } from './service.ts';
import { isLiveShop } from './live.ts';

/**
 * Shops from a CSV file (the columns of SHOP_IMPORT_COLUMNS): every row checked by the shared
 * import rules (src/shared/shop-import.ts, the same the import dialog runs as the text changes),
 * codes checked against each other and the challenge's live shops. A preview changes nothing; an
 * import creates every shop in one transaction, or none when any row has an error, unless
 * `validOnly` asks to create the rows without errors and leave the others out.
 */
export async function importShops(
  db: Db,
  challengeId: number,
  input: { csv: string; commit: boolean; validOnly?: boolean },
  now: Date,
  site: SiteLanguages,
): Promise<ShopImportResult> {
  refuseIfEnded(await requireChallenge(db, challengeId), now);
  const file = readShopCsv(input.csv);
  if (!file.ok) throw badRequest(file.message);

  const live = await db
    .select({ name: businesses.name, code: businesses.redemptionCode })
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isLiveShop));
  const [last] = await db
    .select({ position: max(businesses.position) })
    .from(businesses)
    .where(eq(businesses.challengeId, challengeId));
  const checked = checkShopRows(file.rows, {
    challengeId,
    firstPosition: (last?.position ?? -1) + 1,
    liveCodes: new Map(live.map((shop) => [shop.code, shop.name])),
  });

  const rows = checked.map(({ input: _input, ...row }) => row);
  const failed = rows.filter((row) => row.errors.length > 0);
  const skipped =
    input.validOnly === true ? failed.map(({ line, errors }) => ({ line, errors })) : [];
  const toCreate = checked.flatMap((row) => (row.input ? [row.input] : []));
  if (!input.commit || toCreate.length === 0 || (failed.length > 0 && input.validOnly !== true)) {
    return { rows, imported: 0, skipped: input.commit ? skipped : [] };
  }
  try {
    await db.transaction(async (tx) => {
      // Imported shops keep the file's order, one after another after the existing shops.
      const first = toCreate[0]!.position;
      for (const [index, shop] of toCreate.entries())
        await insertBusinessInTx(tx, { ...shop, position: first + index }, now, site);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'businesses_live_code_uq')) {
      throw conflict(
        'A redemption code in the file was just taken by another shop. Nothing was imported.',
      );
    }
    throw error;
  }
  return { rows, imported: toCreate.length, skipped };
}
