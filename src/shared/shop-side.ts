import { z } from 'zod';

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

/** GET /api/shop/:token: what a shop's private page shows, for that shop only. */
export const shopPageSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  challenge: z.object({ id: z.number().int(), title: z.string(), timeZone: z.string() }),
  couponValueDollars: z.number().int(),
  redeemedToday: z.number().int(),
  redeemedTotal: z.number().int(),
  amountOwedDollars: z.number().int(),
  currentCode: currentCodeSchema,
  paused: z.boolean(),
  dailyCap: z.number().int().nullable(),
  /** Newest first; the pass number only, never who holds it. */
  recentRedemptions: z.array(z.object({ redeemedAt: z.string(), passNumber: z.number().int() })),
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
  amountOwedDollars: z.number().int(),
  votes: z.number().int(),
});
export const settlementSchema = z.object({
  challenge: z.object({ id: z.number().int(), title: z.string() }),
  couponValueDollars: z.number().int(),
  shops: z.array(settlementRowSchema),
  totals: z.object({
    couponsRedeemed: z.number().int(),
    amountOwedDollars: z.number().int(),
    votes: z.number().int(),
  }),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** POST /api/admin/challenges/:id/businesses/import: a CSV of shops, previewed or imported whole. */
export const shopImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file of shops' })
    .min(1, 'Choose a CSV file of shops')
    .max(1_000_000, 'The CSV file is too large (at most 1 MB)'),
  /** false: only check and preview; true: import every row, or none when any row has an error. */
  commit: z.boolean().default(false),
});
export const shopImportResultSchema = z.object({
  rows: z.array(
    z.object({
      /** The row's line in the file (the header is line 1). */
      line: z.number().int(),
      name: z.string(),
      address: z.string(),
      redemptionCode: z.string().nullable(),
      errors: z.array(z.string()),
    }),
  ),
  /** How many shops were created: 0 on a preview or when any row has an error. */
  imported: z.number().int(),
});
export type ShopImportResult = z.infer<typeof shopImportResultSchema>;

/** The columns a shop import reads, in any order; name, address and description are required. */
export const SHOP_IMPORT_COLUMNS = [
  'name',
  'address',
  'phone',
  'website',
  'description',
  'code',
  'latitude',
  'longitude',
] as const;
