import { z } from 'zod';

export const availableVotesSchema = z.object({ availableVotes: z.number().int().nonnegative() });
export type AvailableVotes = z.infer<typeof availableVotesSchema>;

export const voteBodySchema = z.object({
  businessId: z
    .number({ error: 'Choose a shop to vote for' })
    .int('Choose a shop to vote for')
    .positive('Choose a shop to vote for')
    .max(2_147_483_647, 'Choose a shop to vote for'),
});
export type VoteBody = z.infer<typeof voteBodySchema>;

export const voteResultSchema = z.object({
  message: z.string(),
  availableVotes: z.number().int().nonnegative(),
  /** This pass's votes for the shop, including this one. */
  votesForShop: z.number().int().positive(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;
