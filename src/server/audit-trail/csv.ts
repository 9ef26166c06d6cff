import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 (comma, CRLF, quotes doubled). A text cell that a spreadsheet would run as a formula
 * (=, +, -, @ first) gets a leading apostrophe: an organizer opens these files in a spreadsheet.
 * votes.csv writes the same defusing in SQL (votes-file.ts).
 */
export function csvRows(rows: unknown[][]): string {
  return stringify(
    rows.map((row) =>
      row.map((cell) =>
        typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell,
      ),
    ),
    { record_delimiter: 'windows', cast: { boolean: (value) => (value ? 'yes' : 'no') } },
  );
}

/** The headers of every CSV download (settlement, votes.csv, a draw's entries file). */
export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});
