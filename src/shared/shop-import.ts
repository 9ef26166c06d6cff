import { z } from 'zod';
import { businessCreateSchema, checkHours } from './businesses.ts';
import { hoursFromWeek, weekFromWords } from './hours.ts';

/**
 * The shop import's checks, shared by the server and the organizer's import dialog so the browser
 * re-checks as the text changes and says exactly what the server will say
 * (docs/decisions/0024-imports-that-explain.md). Only the codes of live shops come from outside:
 * the server reads them from the database, the dialog from the shop list it already shows.
 */

/** POST /api/admin/challenges/:id/businesses/import: a CSV of shops, previewed or imported whole. */
export const shopImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file of shops' })
    .min(1, 'Choose a CSV file of shops')
    .max(1_000_000, 'The CSV file is too large (at most 1 MB)'),
  /** false: only check and preview; true: import every row, or none when any row has an error. */
  commit: z.boolean().default(false),
  /**
   * With commit: import the rows without errors and leave the others out (listed in `skipped`),
   * instead of importing nothing when any row has an error.
   */
  validOnly: z.boolean().default(false),
});
/** The columns a shop import reads, in any order and any case; name, address and description are required. */
export const SHOP_IMPORT_COLUMNS = [
  'name',
  'address',
  'phone',
  'website',
  'description',
  'code',
  'hours',
  'codeRotation',
  'dailyCap',
  'latitude',
  'longitude',
] as const;
export type ShopImportColumn = (typeof SHOP_IMPORT_COLUMNS)[number];

/** What is wrong with one column of one row. */
export const shopImportErrorSchema = z.object({
  column: z.enum(SHOP_IMPORT_COLUMNS),
  message: z.string(),
});
export type ShopImportError = z.infer<typeof shopImportErrorSchema>;

export const shopImportResultSchema = z.object({
  rows: z.array(
    z.object({
      /** The row's line in the file (the header is line 1). */
      line: z.number().int(),
      name: z.string(),
      address: z.string(),
      redemptionCode: z.string().nullable(),
      /** At most one message per column, in the file's column order. */
      errors: z.array(shopImportErrorSchema),
    }),
  ),
  /** How many shops were created: 0 on a preview, or when any row has an error without validOnly. */
  imported: z.number().int(),
  /** The lines left out of a validOnly import, each with its errors; empty otherwise. */
  skipped: z.array(z.object({ line: z.number().int(), errors: z.array(shopImportErrorSchema) })),
});
export type ShopImportResult = z.infer<typeof shopImportResultSchema>;
export type ShopImportRow = ShopImportResult['rows'][number];

export const MAX_IMPORT_ROWS = 1_000;
const REQUIRED_COLUMNS = ['name', 'address', 'description'] as const;

export type ImportRecord = Partial<Record<ShopImportColumn, string>>;

/**
 * A column of a translated text: `name_es`, `description_es` (the shop's name and short
 * description in Spanish), for any of the site's languages (docs/decisions/0050-content-languages.md).
 */
const TRANSLATED_COLUMN = /^(name|description)_([a-z]{2,3})$/i;
export const TRANSLATED_IMPORT_COLUMNS = ['name', 'description'] as const;

/** A row's translated texts by language, from its `name_xx` and `description_xx` columns. */
export type ImportTranslations = Record<string, { name?: string; description?: string }>;

/** One row of the file: its known columns, and its translated texts. */
export interface ImportRow {
  line: number;
  record: ImportRecord;
  translations?: ImportTranslations;
}

/** A CSV file as records of its known columns, or what is wrong with the file itself. */
export type ShopCsv = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

/**
 * RFC 4180 text as fields, each record with the line it starts on: quoted fields may hold commas,
 * quotes ("") and line breaks; unquoted fields are trimmed; blank lines are skipped.
 */
export function parseCsv(
  text: string,
): { ok: true; records: { line: number; fields: string[] }[] } | { ok: false; message: string } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endField = () => {
    fields.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== '') || fields.length > 1)
      records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (inQuotes) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else inQuotes = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '' && !quoted) {
      inQuotes = true;
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (quoted) {
      if (char.trim() !== '') {
        return {
          ok: false,
          message: `The CSV file could not be read: line ${line} has text after a closing quote.`,
        };
      }
    } else field += char;
  }
  if (inQuotes) {
    return {
      ok: false,
      message: `The CSV file could not be read: a quote opened on line ${quoteLine} is never closed.`,
    };
  }
  endRecord();
  return { ok: true, records };
}

/** The file as rows of its known columns, or what is wrong with the file itself. */
export function readShopCsv(csv: string): ShopCsv {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  // Headers match whatever their case ('Name', 'coderotation'); records use the contract's names.
  const names = (header?.fields ?? []).map((name) => name.trim());
  const columns = names.map(
    (name) =>
      SHOP_IMPORT_COLUMNS.find((column) => column.toLowerCase() === name.toLowerCase()) ?? name,
  );
  const unknown = columns.filter(
    (column) =>
      !(SHOP_IMPORT_COLUMNS as readonly string[]).includes(column) &&
      !TRANSLATED_COLUMN.test(column),
  );
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `Unknown column ${unknown.map((column) => `"${column.toLowerCase()}"`).join(', ')}. The columns are: ${SHOP_IMPORT_COLUMNS.join(', ')}, and name_xx, description_xx for another language (e.g. name_es).`,
    };
  }
  if (records.length === 0) {
    return {
      ok: false,
      message: 'The CSV file has no shops: a header line and one line per shop.',
    };
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return { ok: false, message: `The CSV file needs the columns ${missing.join(', ')}.` };
  }
  if (records.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: `At most ${MAX_IMPORT_ROWS} shops can be imported at once.` };
  }
  const wrong = records.find((record) => record.fields.length !== columns.length);
  if (wrong) {
    return {
      ok: false,
      message: `The CSV file could not be read: line ${wrong.line} has ${wrong.fields.length} fields but the header has ${columns.length}.`,
    };
  }
  return {
    ok: true,
    rows: records.map(({ line, fields }) => {
      const translations: ImportTranslations = {};
      columns.forEach((column, index) => {
        const translated = TRANSLATED_COLUMN.exec(column);
        if (!translated || !fields[index]) return;
        const field = translated[1]!.toLowerCase() as 'name' | 'description';
        const language = translated[2]!.toLowerCase();
        translations[language] = { ...translations[language], [field]: fields[index] };
      });
      return {
        line,
        record: Object.fromEntries(columns.map((column, index) => [column, fields[index]])),
        ...(Object.keys(translations).length > 0 ? { translations } : {}),
      };
    }),
  };
}

export const WEBSITE_MESSAGE = 'Website must be a valid web address';

/** A website as the shop form takes it ('delta.example.com' gets https://), or null if not one. */
export function webAddress(website: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(website) ? website : `https://${website}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) {
    return null;
  }
  return withScheme;
}

/** 'Code must be 4 digits…' for a code a spreadsheet read as a number ('123' for '0123'). */
export function droppedZeroMessage(code: string): string | null {
  if (!/^\d{1,3}$/.test(code)) return null;
  return `Code must be 4 digits; a spreadsheet may have dropped a leading zero: write it as ${code.padStart(4, '0')}`;
}

/** A decimal number as typed ('34.7304', '-86.586'); empty is none, other text NaN (refused). */
function decimal(text: string | undefined): number | null {
  if (!text) return null;
  return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** A whole number as typed; empty is none, other text NaN (refused). */
function whole(text: string | undefined): number | null {
  if (!text) return null;
  return /^\+?\d+$/.test(text) ? Number(text) : Number.NaN;
}

export const HOURS_WORDS_EXAMPLE = 'Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun Closed';

/**
 * A row's hours as stored: the words the shop dialog's picker shows ('Mon-Fri 6:30am-8:00pm;
 * Sat 7:00am-8:00pm', src/shared/hours.ts), kept as the picker would save them, or the stored
 * JSON object itself. What cannot be read is named with its line.
 */
export function importedHours(
  text: string,
  line: number,
): { ok: true; stored: string | null } | { ok: false; message: string } {
  if (text.trim().startsWith('{')) {
    const check = checkHours(text);
    return check.valid
      ? { ok: true, stored: check.stored }
      : { ok: false, message: `Line ${line}: ${check.message}` };
  }
  const read = weekFromWords(text);
  return read.ok
    ? { ok: true, stored: hoursFromWeek(read.week) }
    : {
        ok: false,
        message: `Line ${line}: the hours "${read.part}" cannot be read. Write them as the shop dialog shows them, e.g. ${HOURS_WORDS_EXAMPLE}`,
      };
}

/** The import column a field of the shop contract is read from. */
const COLUMN_OF: Record<string, ShopImportColumn> = {
  redemptionCode: 'code',
  name: 'name',
  address: 'address',
  description: 'description',
  phone: 'phone',
  website: 'website',
  hours: 'hours',
  codeRotation: 'codeRotation',
  dailyCap: 'dailyCap',
  latitude: 'latitude',
  longitude: 'longitude',
};

export type CheckedRow = ShopImportRow & {
  /** The shop to create when the row has no errors. */
  input: ReturnType<typeof businessCreateSchema.parse> | null;
};

/**
 * Every row checked by the shop form's rules (one message per column, the first that applies),
 * and codes checked against each other and the challenge's live shops.
 */
export function checkShopRows(
  rows: ImportRow[],
  context: { challengeId: number; firstPosition: number; liveCodes: Map<string, string> },
): CheckedRow[] {
  const codeLines = new Map<string, number>();
  return rows.map(({ line, record, translations }, index) => {
    const errors = new Map<ShopImportColumn, string>();
    const add = (column: ShopImportColumn, message: string) => {
      if (!errors.has(column)) errors.set(column, message);
    };
    const code = record.code ?? '';
    const droppedZero = droppedZeroMessage(code);
    if (droppedZero) add('code', droppedZero);
    let hours: string | null = null;
    if (record.hours) {
      const read = importedHours(record.hours, line);
      if (read.ok) hours = read.stored;
      else add('hours', read.message);
    }
    const fields = businessCreateSchema.safeParse({
      challengeId: context.challengeId,
      name: record.name ?? '',
      address: record.address ?? '',
      description: record.description ?? '',
      phone: record.phone || null,
      website: record.website || null,
      hours,
      redemptionCode: code || null,
      codeRotation: record.codeRotation ? record.codeRotation.toLowerCase() : undefined,
      dailyCap: whole(record.dailyCap),
      latitude: decimal(record.latitude),
      longitude: decimal(record.longitude),
      position: context.firstPosition + index,
      translations: translations ?? {},
    });
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        // A translated text's problem is named on its column in the default language.
        const [field, , translatedField] = issue.path.map(String);
        const column =
          COLUMN_OF[field === 'translations' ? (translatedField ?? '') : (field ?? '')];
        if (column) add(column, issue.message);
      }
    } else {
      if (fields.data.website && !webAddress(fields.data.website)) add('website', WEBSITE_MESSAGE);
      const accepted = fields.data.redemptionCode;
      if (accepted) {
        const takenBy = context.liveCodes.get(accepted);
        const earlierLine = codeLines.get(accepted);
        if (takenBy !== undefined)
          add('code', `Redemption code ${accepted} is already used by ${takenBy}.`);
        else if (earlierLine !== undefined)
          add('code', `Redemption code ${accepted} is also on line ${earlierLine}.`);
        else codeLines.set(accepted, line);
      }
    }
    // In the file's column order, so messages read left to right as the row does.
    const list = SHOP_IMPORT_COLUMNS.flatMap((column) => {
      const message = errors.get(column);
      return message ? [{ column, message }] : [];
    });
    return {
      line,
      name: record.name ?? '',
      address: record.address ?? '',
      redemptionCode: code || null,
      errors: list,
      input: fields.success && list.length === 0 ? fields.data : null,
    };
  });
}

/** The template the import dialog offers: the header and one example shop. */
export const SHOP_IMPORT_TEMPLATE = [
  SHOP_IMPORT_COLUMNS.join(','),
  [
    'Bean There',
    '12 Main St',
    '555-0100',
    'beanthere.example.com',
    '"Espresso, pastries and a quiet corner"',
    '0123',
    HOURS_WORDS_EXAMPLE,
    'off',
    '',
    '34.7304',
    '-86.5861',
  ].join(','),
].join('\r\n');
