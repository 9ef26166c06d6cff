import { z } from 'zod';
import { formatMoney } from './money.ts';
import { rowIdSchema } from './params.ts';

/**
 * The organizer's settlement with the shops (docs/decisions/0013, 0033): what each shop has
 * earned, the payouts recorded against it and what is still owed. Amounts are whole dollars, as
 * the site shows prices. The shop's own page (shop-side.ts) shows its part of the same figures; the
 * counts' names and explanations are in src/client/lib/shop-words.ts.
 */

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

/** GET /api/admin/challenges/:id/settlement: what the program owes each shop. */
export const settlementRowSchema = z.object({
  shopId: z.number().int(),
  name: z.string(),
  /** A deleted shop is still owed for the coupons redeemed there. */
  removed: z.boolean(),
  couponsRedeemed: z.number().int(),
  /** Of those, redeemed by members who said it was their first time at the shop. */
  firstVisits: z.number().int(),
  /** Of those, typed offline and counted at the phone's sync (docs/decisions/0042). */
  offlineRedeemed: z.number().int(),
  /** Of those, redeemed with free passes from vouchers: the shop is owed for them all the same. */
  freePassCoupons: z.number().int(),
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
    offlineRedeemed: z.number().int(),
    freePassCoupons: z.number().int(),
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

export const payoutParamsSchema = z.object({ id: rowIdSchema, payoutId: rowIdSchema });
