import { z } from 'zod';
import { explorerSettingSchema } from './explorers.ts';

/**
 * A member's data is theirs (docs/decisions/0039-member-data.md): POST /api/user/delete erases the
 * account's personal data after the password, GET /api/user/export downloads all of it as JSON.
 */
export const deleteAccountBodySchema = z.object({
  password: z
    .string()
    .min(1, 'Please enter your password')
    .max(200, 'Your password is not correct'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const WRONG_PASSWORD = 'Your password is not correct';
export const LAST_ORGANIZER =
  'You are the last organizer of this site. Make another account an organizer before deleting this one.';

/** The export's file name as the browser saves it. */
export const EXPORT_FILE_NAME = 'my-data.json';

const instant = z.string();

/** Everything the site holds about the member, as the downloaded file holds it. */
export const memberExportSchema = z.object({
  exportedAt: instant,
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    fullName: z.string().nullable(),
    isOrganizer: z.boolean(),
    createdAt: instant,
    emailConfirmed: z.boolean(),
    /** The language the member chose (docs/decisions/0048); null until they choose one. */
    language: z.string().nullable(),
  }),
  mailPreferences: z.object({ organizerMail: z.boolean() }),
  /** The explorer board setting (docs/decisions/0047). */
  explorer: explorerSettingSchema,
  passes: z.array(
    z.object({
      id: z.number().int(),
      challenge: z.string(),
      purchaseDate: instant,
      active: z.boolean(),
      inactiveReason: z.string().nullable(),
      coupons: z.array(
        z.object({
          shop: z.string(),
          redeemed: z.boolean(),
          redeemedAt: instant.nullable(),
          firstVisit: z.boolean().nullable(),
          /** An offline redemption's instants (docs/decisions/0042); null when made online. */
          enteredAt: instant.nullable(),
          syncedAt: instant.nullable(),
        }),
      ),
      votes: z.array(z.object({ shop: z.string(), votedAt: instant })),
      /** The milestones' rewards the pass reached (docs/decisions/0046), with their pick-up codes. */
      rewards: z.array(
        z.object({
          reward: z.string(),
          pickupCode: z.string(),
          reachedAt: instant,
          collectedAt: instant.nullable(),
          /** Set when a refund or dispute cancelled the reward before it was collected. */
          voidedAt: instant.nullable(),
        }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      provider: z.string(),
      challenge: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
  saleAlerts: z.array(
    z.object({
      challenge: z.string(),
      createdAt: instant,
      sentAt: instant.nullable(),
      unsubscribedAt: instant.nullable(),
    }),
  ),
  /** Mail the site sent or will send to the account's address (bodies are not kept once sent). */
  mail: z.array(z.object({ subject: z.string(), createdAt: instant, sentAt: instant.nullable() })),
});
export type MemberExport = z.infer<typeof memberExportSchema>;
