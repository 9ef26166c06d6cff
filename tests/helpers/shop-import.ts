import { HOURS_WORDS_EXAMPLE } from '#shared/shop-import.ts';
import type { ShopImportRow } from '#shared/shop-import.ts';

/**
 * One shop-import file for the dialog's check (in the browser) and the server's import, so both
 * are held to the same answers (docs/decisions/0024-imports-that-explain.md).
 */
export const IMPORT_HEADER =
  'name,address,description,code,hours,codeRotation,dailyCap,latitude,longitude';

/** The shop already in the battle whose code line 5 of FLAWED_IMPORT_CSV takes. */
export const EXISTING_SHOP = { name: 'Alpha', redemptionCode: '5555' };

/**
 * Line 2 is ready with every new column; line 3 breaks each column's rule once; line 4 repeats
 * line 2's code; line 5 takes EXISTING_SHOP's code; line 6 is ready without a code.
 */
export const FLAWED_IMPORT_CSV = [
  IMPORT_HEADER,
  'Bean There,1 Main St,Coffee,0123,"{""Monday - Friday"": ""7:00am - 3:00pm""}",daily,40,34.7304,-86.5861',
  ',2 Main St,Tea,123,not json,weekly,0,north,-86.5',
  'Copy Cup,3 Main St,Coffee,0123,,,,,',
  'Clash Cafe,4 Main St,Coffee,5555,,,,,',
  'Plain Pour,5 Main St,Coffee,,,HOURLY,,,',
].join('\r\n');

/** What the import rules answer for each line of FLAWED_IMPORT_CSV: the line and its errors. */
export const FLAWED_IMPORT_ERRORS: [number, ShopImportRow['errors']][] = [
  [2, []],
  [
    3,
    [
      { column: 'name', message: 'Business name is required' },
      {
        column: 'code',
        message:
          'Code must be 4 digits; a spreadsheet may have dropped a leading zero: write it as 0123',
      },
      {
        column: 'hours',
        message: `Line 3: the hours "not json" cannot be read. Write them as the shop dialog shows them, e.g. ${HOURS_WORDS_EXAMPLE}`,
      },
      { column: 'codeRotation', message: 'Code rotation must be off, daily or hourly' },
      { column: 'dailyCap', message: 'Daily cap must be a whole number of at least 1, or none' },
      { column: 'latitude', message: 'Latitude must be a number from -90 to 90' },
    ],
  ],
  [4, [{ column: 'code', message: 'Redemption code 0123 is also on line 2.' }]],
  [5, [{ column: 'code', message: 'Redemption code 5555 is already used by Alpha.' }]],
  [6, []],
];
