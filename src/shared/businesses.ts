import { z } from 'zod';

/** A shop as anyone may see it: never the redemption code (DECISIONS rule 3). */
export const publicBusinessSchema = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Sanitized HTML (DECISIONS rule 9). */
  longDescription: z.string().nullable(),
  address: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** JSON text: an object of label to time range. */
  hours: z.string().nullable(),
  specialties: z.string().nullable(),
  position: z.number().int(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

/** What organizers see: the shop plus its code. */
export const adminBusinessSchema = publicBusinessSchema.extend({ redemptionCode: z.string() });
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

/** GET /api/votes: shop id → vote count. */
export const voteCountsSchema = z.record(z.string(), z.number().int());
export type VoteCounts = z.infer<typeof voteCountsSchema>;
