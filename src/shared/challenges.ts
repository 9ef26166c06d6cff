import { z } from 'zod';

/** A challenge as the API sends it; instants are ISO 8601 strings (DECISIONS rule 11). */
export const challengeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: z.number().int(),
  active: z.boolean(),
  theme: z.string(),
  /** Votes one pass may give one shop; null = unlimited (DECISIONS rule 2). */
  votesPerShop: z.number().int().nullable(),
});
export type ChallengeDto = z.infer<typeof challengeSchema>;

export const idParamsSchema = z.object({
  id: z.coerce.number().int('Invalid id').positive('Invalid id').max(2_147_483_647, 'Invalid id'),
});
