import { defineMessages, type IntlShape } from 'react-intl';
import { z } from 'zod';
import { sourceIntl } from './source-intl.ts';
import { drawTranslationsSchema, storedTranslationsSchema } from './translations.ts';
import { MAX_DRAW_SHOPS, minimumShopsOf } from './draw-entries.ts';

/**
 * Prize draws (docs/RULES.md rule 19, docs/decisions/0022). The winner computation lives here
 * once: the server draws with it at the reveal and the results page's 'Verify' recomputes with
 * it, both on WebCrypto (globalThis.crypto.subtle, in browsers and Node 20 alike).
 */

export const DRAW_ENTRIES_CSV_HEADER = 'entry_id,pass';

/** Draws are made before the end, so the entries are unknown when the seed is committed. */
export const DRAW_AFTER_END_MESSAGE = 'Prize draws can only be created before the battle ends';
export const DRAW_NOT_YET_MESSAGE = 'Draws are revealed when the battle ends';
export const DRAW_ENTRIES_NOT_YET_MESSAGE = 'The entries are published when the draw is revealed';
export const DRAW_NOT_FOUND_MESSAGE = 'Draw not found';
/** docs/RULES.md rule 23: one draw per prize, so a draw cannot be repeated until it pleases. */
export const DRAW_PRIZE_TAKEN_MESSAGE = 'This battle already has a draw for that prize';

export const MAX_WINNER_COUNT = 1000;

const ENTRIES_MESSAGE = `Entries must be 'coupons', 'passes' or 'shops>=N' (N from 1 to ${MAX_DRAW_SHOPS})`;

export const drawEntriesSchema = z
  .union(
    [z.literal('coupons'), z.literal('passes'), z.templateLiteral(['shops>=', z.number().int()])],
    { error: ENTRIES_MESSAGE },
  )
  // One spelling per N ('shops>=4', never 'shops>=04'), within 1..MAX_DRAW_SHOPS.
  .refine(
    (entries) =>
      minimumShopsOf(entries) === null ||
      (/^shops>=[1-9][0-9]*$/.test(entries) && minimumShopsOf(entries)! <= MAX_DRAW_SHOPS),
    { error: ENTRIES_MESSAGE },
  );

/** A prize draw as anyone may see it: seed, entries file hash and winners null until revealed. */
export const publicDrawSchema = z.object({
  id: z.number().int(),
  prize: z.string(),
  winnerCount: z.number().int(),
  entries: drawEntriesSchema,
  commitment: z.string(),
  seed: z.string().nullable(),
  entriesCsvSha256: z.string().nullable(),
  /** Pass pseudonyms as in votes.csv, in draw order. */
  winners: z.array(z.string()).nullable(),
  /** docs/RULES.md rule 23: when the draw was committed, and when it was revealed (null before). */
  createdAt: z.string(),
  revealedAt: z.string().nullable(),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

export const drawInputSchema = z.object({
  prize: z
    .string({ error: 'Prize is required' })
    .trim()
    .min(1, 'Prize is required')
    .max(200, 'Prize must be at most 200 characters'),
  winnerCount: z
    .number({ error: 'Winner count must be a whole number' })
    .int('Winner count must be a whole number')
    .min(1, 'Winner count must be at least 1')
    .max(MAX_WINNER_COUNT, `Winner count must be at most ${MAX_WINNER_COUNT}`),
  entries: drawEntriesSchema,
  /** The prize in the site's other languages (docs/decisions/0050-content-languages.md). */
  translations: drawTranslationsSchema.default({}),
});
export type DrawInput = z.infer<typeof drawInputSchema>;

/** POST /api/admin/challenges/{id}/draws answers this: the commitment, never the seed. */
export const createdDrawSchema = z.object({
  id: z.number().int(),
  prize: z.string(),
  winnerCount: z.number().int(),
  entries: drawEntriesSchema,
  commitment: z.string(),
});
export type CreatedDraw = z.infer<typeof createdDrawSchema>;

/** The organizer's view of a draw: the public one, plus who the winners are. */
export const adminDrawSchema = publicDrawSchema.extend({
  challengeId: z.number().int(),
  /** The prize in the other languages than the battle's content language. */
  translations: storedTranslationsSchema,
  /** In draw order; null until revealed. */
  winnerAccounts: z
    .array(z.object({ pass: z.string(), username: z.string(), email: z.string() }))
    .nullable(),
});
export type AdminDraw = z.infer<typeof adminDrawSchema>;

export interface DrawEntry {
  entryId: string;
  pass: string;
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function bytesOfHex(value: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(value)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(value.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = Number.parseInt(value.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Lowercase hex SHA-256 of some bytes (a seed, for its commitment; a file, for its hash). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/**
 * The published rule: HMAC-SHA256(key = seed bytes, message = entry_id as UTF-8) as lowercase hex
 * orders the entries ascending; passes are taken in that order, each once, until `winnerCount`.
 */
export async function drawWinners(
  seedHex: string,
  entries: readonly DrawEntry[],
  winnerCount: number,
): Promise<string[]> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    bytesOfHex(seedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encoder = new TextEncoder();
  const ordered = await Promise.all(
    entries.map(async (entry) => ({
      pass: entry.pass,
      order: hex(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(entry.entryId))),
    })),
  );
  ordered.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const winners: string[] = [];
  for (const { pass } of ordered) {
    if (winners.length >= winnerCount) break;
    if (!winners.includes(pass)) winners.push(pass);
  }
  return winners;
}

/** The entries file: header `entry_id,pass`, CRLF line ends, fields that never need quotes. */
export function drawEntriesCsv(entries: readonly DrawEntry[]): string {
  return [DRAW_ENTRIES_CSV_HEADER, ...entries.map((entry) => `${entry.entryId},${entry.pass}`)]
    .map((line) => `${line}\r\n`)
    .join('');
}

/** Reads an entries file back; throws when it is not one. */
export function parseDrawEntriesCsv(text: string): DrawEntry[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines[0] !== DRAW_ENTRIES_CSV_HEADER) throw new Error('not an entries file');
  return lines.slice(1).map((line) => {
    const [entryId, pass, extra] = line.split(',');
    if (!entryId || !pass || extra !== undefined) throw new Error(`bad entries row: ${line}`);
    return { entryId, pass };
  });
}

export interface DrawCheck {
  matches: boolean;
  /** What failed, in plain words; empty when everything matches. */
  problems: string[];
}

/** What 'Verify' names when a check fails, in the page's language (checkDraw's `intl`). */
const checkProblems = defineMessages({
  notRevealed: { id: 'drawCheck.notRevealed', defaultMessage: 'The draw is not revealed yet' },
  seedNotHex: { id: 'drawCheck.seedNotHex', defaultMessage: 'The seed is not hex' },
  seedMismatch: {
    id: 'drawCheck.seedMismatch',
    defaultMessage: 'The seed does not match the commitment',
  },
  fileMismatch: {
    id: 'drawCheck.fileMismatch',
    defaultMessage: 'The entries file does not match its published hash',
  },
  fileUnreadable: {
    id: 'drawCheck.fileUnreadable',
    defaultMessage: 'The entries file cannot be read',
  },
  winnersDiffer: {
    id: 'drawCheck.winnersDiffer',
    defaultMessage: 'The recomputed winners differ from the published ones',
  },
});

/**
 * What 'Verify' checks, given the published draw and the entries file's bytes: the seed hashes to
 * the commitment made before the end, the file hashes to entriesCsvSha256, and the winners
 * recomputed from file and seed are the published ones, in order. `intl`: the page's language,
 * which the problems are named in (the code's English without it).
 */
export async function checkDraw(
  draw: PublicDraw,
  entriesFile: Uint8Array<ArrayBuffer>,
  intl: IntlShape = sourceIntl(),
): Promise<DrawCheck> {
  const problem = (key: keyof typeof checkProblems) => intl.formatMessage(checkProblems[key]);
  const problems: string[] = [];
  if (draw.seed === null || draw.winners === null || draw.entriesCsvSha256 === null)
    return { matches: false, problems: [problem('notRevealed')] };
  let seedBytes: Uint8Array<ArrayBuffer>;
  try {
    seedBytes = bytesOfHex(draw.seed);
  } catch {
    return { matches: false, problems: [problem('seedNotHex')] };
  }
  if ((await sha256Hex(seedBytes)) !== draw.commitment) problems.push(problem('seedMismatch'));
  if ((await sha256Hex(entriesFile)) !== draw.entriesCsvSha256)
    problems.push(problem('fileMismatch'));
  let entries: DrawEntry[];
  try {
    entries = parseDrawEntriesCsv(new TextDecoder().decode(entriesFile));
  } catch {
    return { matches: false, problems: [...problems, problem('fileUnreadable')] };
  }
  const winners = await drawWinners(draw.seed, entries, draw.winnerCount);
  if (winners.join(',') !== draw.winners.join(',')) problems.push(problem('winnersDiffer'));
  return { matches: problems.length === 0, problems };
}

/**
 * GET /api/user/draws: the member's pass as the published files name it (votes.csv, a draw's
 * entries.csv), and their entries now in each draw of the battle (docs/RULES.md rule 19): one per
 * redeemed coupon, or one for a pass that redeemed any, counted as the draw will count them.
 */
export const memberDrawsSchema = z.object({
  pass: z.string(),
  draws: z.array(
    z.object({
      id: z.number().int(),
      prize: z.string(),
      winnerCount: z.number().int(),
      entries: drawEntriesSchema,
      yourEntries: z.number().int(),
      revealed: z.boolean(),
      /** Whether this pass is among the winners; false until the draw is revealed. */
      youWon: z.boolean(),
    }),
  ),
});
export type MemberDraws = z.infer<typeof memberDrawsSchema>;
