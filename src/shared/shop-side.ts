import { z } from 'zod';
import { formatMoney } from './money.ts';

/**
 * The one name and explanation of the figure the member's 'First time at {shop}?' answer feeds,
 * wherever the organizer or a shop sees it (docs/decisions/0036-one-word-per-thing.md).
 */
export const FIRST_VISITS = {
  label: 'First visits',
  explanation: 'Coupons redeemed by members who said it was their first time at the shop.',
} as const;

/**
 * The shops' side of the program (docs/decisions/0013): the shop's private page, its code
 * rotation, the organizer's settlement and exports, and the shop import. Amounts are whole
 * dollars, as the site shows prices.
 */

/** How a shop's redemption code changes: never (the static code), every day or every hour. */
export const codeRotationSchema = z.enum(['off', 'daily', 'hourly'], {
  error: 'Code rotation must be off, daily or hourly',
});
export type CodeRotation = z.infer<typeof codeRotationSchema>;

/** The code a cashier gives now: the static code, or the current period's rotating code. */
export const currentCodeSchema = z.object({
  code: z.string(),
  rotation: codeRotationSchema,
  /** When a rotating code stops being the current one (ISO 8601); null for the static code. */
  validUntil: z.string().nullable(),
});
export type CurrentCode = z.infer<typeof currentCodeSchema>;

/** A payout the organizer recorded (POST and GET /api/admin/challenges/:id/payouts). */
export const payoutSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  amountDollars: z.number().int(),
  /** ISO 8601. */
  paidAt: z.string(),
  note: z.string().nullable(),
  /**
   * A payout recorded in error is voided, never deleted (docs/decisions/0033): it stays listed
   * with when (ISO 8601) and why, and no longer counts as paid. Null while it stands.
   */
  voided: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/shop/:token: what a shop's private page shows, for that shop only. */
export const shopPageSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  challenge: z.object({ id: z.number().int(), title: z.string(), timeZone: z.string() }),
  couponValueDollars: z.number().int(),
  redeemedToday: z.number().int(),
  redeemedTotal: z.number().int(),
  /** First visits (FIRST_VISITS): redemptions whose member said it was their first time at the shop. */
  firstVisits: z.number().int(),
  /** The coupons' value (redeemedTotal × couponValueDollars), what was paid, and the rest. */
  earnedDollars: z.number().int(),
  paidDollars: z.number().int(),
  owedDollars: z.number().int(),
  /** The organizer's payouts to this shop, newest first. */
  payouts: z.array(payoutSchema.omit({ shopId: true })),
  currentCode: currentCodeSchema,
  paused: z.boolean(),
  dailyCap: z.number().int().nullable(),
  /**
   * Newest first: the shop's own visit number (its nth redemption: 1, 2, 3 …) and the minute
   * (ISO 8601 without seconds, `2026-11-22T15:05Z`); never a pass, coupon or member id, nor a
   * time fine enough to match a published file's (docs/decisions/0030).
   */
  recentRedemptions: z.array(
    z.object({
      visitNumber: z.number().int(),
      redeemedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/),
    }),
  ),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

export const shopTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This shop link is not valid.'),
});

/** POST /api/shop/:token/pause and the organizer's pause switch. */
export const shopPauseSchema = z.object({
  paused: z.boolean({ error: 'Paused must be true or false' }),
});

/** POST /api/admin/businesses/:id/shop-link: a new private link; the old one stops working. */
export const shopLinkSchema = z.object({ url: z.string() });

/** GET /api/admin/challenges/:id/settlement: what the program owes each shop. */
export const settlementRowSchema = z.object({
  shopId: z.number().int(),
  name: z.string(),
  /** A deleted shop is still owed for the coupons redeemed there. */
  removed: z.boolean(),
  couponsRedeemed: z.number().int(),
  /** Of those, redeemed by members who said it was their first time at the shop. */
  firstVisits: z.number().int(),
  /** couponsRedeemed × the coupon value: what the shop has earned in all. */
  earnedDollars: z.number().int(),
  /** The sum of the organizer's payouts to the shop. */
  paidDollars: z.number().int(),
  /** earnedDollars − paidDollars: what the program still owes. */
  owedDollars: z.number().int(),
  votes: z.number().int(),
});
export const settlementSchema = z.object({
  challenge: z.object({ id: z.number().int(), title: z.string() }),
  /** When these figures were read (ISO 8601): the CSV carries it too. */
  generatedAt: z.string(),
  couponValueDollars: z.number().int(),
  shops: z.array(settlementRowSchema),
  totals: z.object({
    couponsRedeemed: z.number().int(),
    firstVisits: z.number().int(),
    earnedDollars: z.number().int(),
    paidDollars: z.number().int(),
    owedDollars: z.number().int(),
    votes: z.number().int(),
  }),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** A payout to a shop can be at most what the site can show in a settlement. */
const MIN_PAYOUT_DOLLARS = 1;
const MAX_PAYOUT_DOLLARS = 100_000_000;

/** POST /api/admin/challenges/:id/payouts: the organizer records money paid to a shop. */
export const payoutCreateSchema = z.object({
  shopId: z
    .number({ error: 'Choose a shop to pay' })
    .int('Choose a shop to pay')
    .positive('Choose a shop to pay')
    .max(2_147_483_647, 'Choose a shop to pay'),
  amountDollars: z
    .number({ error: 'Amount must be a whole number of dollars' })
    .int('Amount must be a whole number of dollars')
    .min(MIN_PAYOUT_DOLLARS, `Amount must be at least ${formatMoney(MIN_PAYOUT_DOLLARS)}`)
    .max(MAX_PAYOUT_DOLLARS, 'Amount is too large'),
  /** Optional; the shop sees it on its page. Empty means none. */
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(500, 'Note is too long (at most 500 characters)')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type PayoutCreateInput = z.input<typeof payoutCreateSchema>;

/** POST /api/admin/challenges/:id/payouts/:payoutId/void: the reason is kept beside the payout. */
export const payoutVoidSchema = z.object({
  reason: z
    .string({ error: 'Give a reason for voiding the payout' })
    .trim()
    .min(1, 'Give a reason for voiding the payout')
    .max(500, 'Reason is too long (at most 500 characters)'),
});
export type PayoutVoidInput = z.infer<typeof payoutVoidSchema>;

export const payoutParamsSchema = z.object({
  id: z.coerce.number().int('Invalid id').positive('Invalid id').max(2_147_483_647, 'Invalid id'),
  payoutId: z.coerce
    .number()
    .int('Invalid id')
    .positive('Invalid id')
    .max(2_147_483_647, 'Invalid id'),
});

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
