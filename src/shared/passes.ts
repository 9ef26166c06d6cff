import { z } from 'zod';

export const passSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  challengeId: z.number().int(),
  purchaseDate: z.string(),
  active: z.boolean(),
  /** Why the pass was switched off (a refund or a dispute), shown to its holder. */
  inactiveReason: z.string().nullable(),
});
export type PassDto = z.infer<typeof passSchema>;
