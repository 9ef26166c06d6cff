import { z } from 'zod';
import { voteCountsSchema } from './businesses.ts';
import { couponSchema } from './redemption.ts';

/**
 * GET /api/user/progress: what /profile shows and refreshes every 2 s, in one answer. Shops
 * visited (redeemed coupons) and shops voted for (own votes) follow from it.
 */
export const memberProgressSchema = z.object({
  coupons: z.array(couponSchema),
  /** Votes the pass may still cast (docs/RULES.md rule 2), as the server counts them. */
  availableVotes: z.number().int().nonnegative(),
  /** This pass's votes per shop id. */
  ownVotes: voteCountsSchema,
});
export type MemberProgress = z.infer<typeof memberProgressSchema>;
