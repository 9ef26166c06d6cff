import { z } from 'zod';
import { voteCountsSchema } from './businesses.ts';
import { memberMilestoneSchema } from './milestones.ts';

/**
 * One coupon's state, without its shop: the page takes each shop's name, address, hours and image
 * from the public shops answer it already holds (GET /api/businesses), so a 2-second refresh
 * carries only what a redeem or a vote can move. GET /api/user/coupons keeps the spec's full shape.
 */
export const couponStateSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  redeemed: z.boolean(),
  redeemedAt: z.string().nullable(),
  /** An offline redemption's instants (docs/decisions/0042); null for one made online. */
  enteredAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  /**
   * While the coupon is not redeemed: the server's last refusal of an offline redemption of it,
   * why it was not counted, and when the code had been typed.
   */
  offlineRefusal: z.object({ message: z.string(), enteredAt: z.string() }).nullable(),
});
export type CouponState = z.infer<typeof couponStateSchema>;

/**
 * GET /api/user/progress: what /profile shows and refreshes every 2 s, in one answer, with an
 * ETag: an unchanged refresh is a 304 answered from memory (docs/decisions/0032). Shops visited
 * (redeemed coupons) and shops voted for (own votes) follow from it.
 */
export const memberProgressSchema = z.object({
  /** One per live shop of the battle, in the shops' display order. */
  coupons: z.array(couponStateSchema),
  /** Votes the pass may still cast (docs/RULES.md rule 2), as the server counts them. */
  availableVotes: z.number().int().nonnegative(),
  /**
   * Whether this pass votes at all: false for a free pass from a voucher while its battle's
   * voucherPassesVote is off (docs/RULES.md rule 24).
   */
  passVotes: z.boolean(),
  /** This pass's votes per shop id. */
  ownVotes: voteCountsSchema,
  /**
   * The battle's milestones, lowest first, each with the reward this pass reached (its pick-up
   * code) and whether it was collected (docs/decisions/0046).
   */
  milestones: z.array(memberMilestoneSchema),
});
export type MemberProgress = z.infer<typeof memberProgressSchema>;
