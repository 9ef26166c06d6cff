import { z } from 'zod';

/** GET /api/config: what the web app needs to know about this deployment. */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  paymentMode: z.enum(['stripe', 'sandbox']),
  /** DECISIONS rule 5: the testing buttons show only when this is true. */
  testToolsEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
