import { parse } from 'csv-parse/sync';
import { and, eq, isNull, max } from 'drizzle-orm';
import { businessCreateSchema } from '#shared/businesses.ts';
import { SHOP_IMPORT_COLUMNS, type ShopImportResult } from '#shared/shop-side.ts';
import type { Db } from '../db/client.ts';
import { businesses, challenges } from '../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';
import { insertBusinessInTx, normalizeWebsite } from './service.ts';

const MAX_ROWS = 1_000;
const REQUIRED_COLUMNS = ['name', 'address', 'description'] as const;

type ImportColumn = (typeof SHOP_IMPORT_COLUMNS)[number];
type ParsedRow = { record: Partial<Record<ImportColumn, string>>; info: { lines: number } };

/** The file as rows of its known columns, or a 400 that says what is wrong with the file itself. */
function readRows(csv: string): ParsedRow[] {
  let rows: ParsedRow[];
  try {
    rows = parse<ParsedRow>(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    throw badRequest(`The CSV file could not be read: ${(error as Error).message}`);
  }
  const columns = Object.keys(rows[0]?.record ?? {});
  const unknown = columns.filter(
    (column) => !(SHOP_IMPORT_COLUMNS as readonly string[]).includes(column),
  );
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown column ${unknown.map((column) => `"${column}"`).join(', ')}. The columns are: ${SHOP_IMPORT_COLUMNS.join(', ')}.`,
    );
  }
  if (rows.length === 0)
    throw badRequest('The CSV file has no shops: a header line and one line per shop.');
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw badRequest(`The CSV file needs the columns ${missing.join(', ')}.`);
  if (rows.length > MAX_ROWS)
    throw badRequest(`At most ${MAX_ROWS} shops can be imported at once.`);
  return rows;
}

/**
 * Shops from a CSV file (name, address, phone, website, description, code, latitude, longitude):
 * every row checked by the same rules as the shop form, codes checked against each other and the
 * challenge's live shops. A preview changes nothing; an import creates every shop in one transaction, or none
 * when any row has an error.
 */
export async function importShops(
  db: Db,
  challengeId: number,
  input: { csv: string; commit: boolean },
): Promise<ShopImportResult> {
  const [challenge] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(eq(challenges.id, challengeId));
  if (!challenge) throw notFound('Challenge not found');
  const parsed = readRows(input.csv);

  const live = await db
    .select({ name: businesses.name, code: businesses.redemptionCode })
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isNull(businesses.deletedAt)));
  const liveCodes = new Map(live.map((shop) => [shop.code, shop.name]));
  const [last] = await db
    .select({ position: max(businesses.position) })
    .from(businesses)
    .where(eq(businesses.challengeId, challengeId));
  const firstPosition = (last?.position ?? -1) + 1;

  const codeLines = new Map<string, number>();
  const checked = parsed.map(({ record, info }, index) => {
    const line = info.lines;
    const errors: string[] = [];
    const fields = businessCreateSchema.safeParse({
      challengeId,
      name: record.name ?? '',
      address: record.address ?? '',
      description: record.description ?? '',
      phone: record.phone || null,
      website: record.website || null,
      redemptionCode: record.code || null,
      latitude: coordinate(record.latitude),
      longitude: coordinate(record.longitude),
      position: firstPosition + index,
    });
    if (!fields.success) errors.push(...fields.error.issues.map((issue) => issue.message));
    else {
      try {
        normalizeWebsite(fields.data.website);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(error.message);
      }
      const code = fields.data.redemptionCode;
      if (code) {
        const takenBy = liveCodes.get(code);
        const earlierLine = codeLines.get(code);
        if (takenBy !== undefined)
          errors.push(`Redemption code ${code} is already used by ${takenBy}.`);
        else if (earlierLine !== undefined)
          errors.push(`Redemption code ${code} is also on line ${earlierLine}.`);
        else codeLines.set(code, line);
      }
    }
    return { line, record, errors, input: fields.success ? fields.data : null };
  });

  const rows = checked.map(({ line, record, errors }) => ({
    line,
    name: record.name ?? '',
    address: record.address ?? '',
    redemptionCode: record.code || null,
    errors,
  }));
  const inputs = checked.map((row) => row.input);
  if (!input.commit || !isComplete(inputs) || rows.some((row) => row.errors.length > 0)) {
    return { rows, imported: 0 };
  }
  try {
    await db.transaction(async (tx) => {
      for (const shop of inputs) await insertBusinessInTx(tx, shop);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'businesses_live_code_uq')) {
      throw conflict(
        'A redemption code in the file was just taken by another shop. Nothing was imported.',
      );
    }
    throw error;
  }
  return { rows, imported: inputs.length };
}

/** A decimal number of degrees as typed ('34.7304', '-86.586'); empty is none, other text NaN (refused). */
function coordinate(text: string | undefined): number | null {
  if (!text) return null;
  return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

function isComplete<T>(values: (T | null)[]): values is T[] {
  return values.every((value) => value !== null);
}
