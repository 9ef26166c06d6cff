import { z } from 'zod';
import { payoutSchema } from './settlement.ts';

/**
 * The shop's own side of the program (docs/decisions/0013): its private page, its code rotation
 * and its private link. The organizer's settlement is in settlement.ts, the shop import in
 * shop-import.ts.
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
  /** First visits (src/client/lib/shop-words.ts): redemptions whose member said it was their first time at the shop. */
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
      /** Typed offline, counted at the phone's sync (docs/decisions/0042); redeemedAt is the sync. */
      offline: z.boolean(),
    }),
  ),
  /** Of the coupons redeemed here, those typed offline (docs/decisions/0042). */
  offlineRedeemed: z.number().int(),
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
