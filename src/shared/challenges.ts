import { z } from 'zod';
import { challengePhase, hasEnded } from './challenge-phase.ts';
import { LANGUAGE_CODE } from './languages.ts';
import { challengeTranslationsSchema, storedTranslationsSchema } from './translations.ts';

/** A challenge as the API sends it; instants are ISO 8601 strings (docs/RULES.md rule 11). */
export const challengeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: z.number().int(),
  active: z.boolean(),
  /** The theme's key ('coffee', 'ice-cream'): it picks the battle's icon. */
  theme: z.string(),
  /**
   * The theme's name as people read it ('Ice Cream', 'helado'), in the reader's language where the
   * organizer wrote it, else the battle's own label, else the key's words (`themeWords`).
   */
  themeLabel: z.string(),
  /** Votes one pass may give one shop; null = unlimited (docs/RULES.md rule 2). */
  votesPerShop: z.number().int().nullable(),
  /** IANA time zone of the battle's city: its days (shop caps, 'today', daily codes) run in it. */
  timeZone: z.string(),
  /** docs/RULES.md rule 18: the public counts stop this many hours before the end; 0 = never. */
  standingsFreezeHours: z.number().int(),
  /** Holders with something left get one reminder this many hours before the end; 0 = off. */
  reminderHoursBeforeEnd: z.number().int(),
  /** docs/RULES.md rule 24: the most passes one checkout buys (1-10). */
  maxPassesPerOrder: z.number().int(),
  /** docs/RULES.md rule 24: whether free passes from vouchers vote and enter draws. */
  voucherPassesVote: z.boolean(),
});
export type ChallengeDto = z.infer<typeof challengeSchema>;

/**
 * What organizers read of a battle (GET /api/admin/challenges): the public fields in the content
 * language, that language, and the texts in the others (docs/decisions/0050-content-languages.md).
 */
export const adminChallengeSchema = challengeSchema.extend({
  contentLanguage: z.string(),
  /** The theme label the organizer wrote in the content language; null: the key's words stand. */
  ownThemeLabel: z.string().nullable(),
  translations: storedTranslationsSchema,
});
export type AdminChallengeDto = z.infer<typeof adminChallengeSchema>;

/** GET /api/challenges: the published challenges, earliest start first. */
export const publishedChallengesSchema = z.array(challengeSchema);

/** Create/edit body of /api/admin/challenges (docs/SPEC.md section 5; docs/RULES.md rule 2 for votesPerShop). */
const instantField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Enter a valid date');

const activeField = z.boolean({ error: 'Active must be true or false' });
const themeField = z.string().trim().min(1, 'Theme is required').max(50, 'Theme is too long');
/** The theme's name in the content language; empty or null: the key's words (`themeWords`). */
const themeLabelField = z
  .string()
  .trim()
  .max(50, 'Theme label is too long')
  .nullable()
  .transform((label) => label || null);

/**
 * 'ice-cream' → 'Ice Cream': a theme's key as words, what a battle's theme is called where the
 * organizer wrote no label for it.
 */
export const themeWords = (theme: string): string =>
  theme
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
const timeZoneField = z
  .string({ error: 'Time zone is required' })
  .trim()
  .refine((zone) => isTimeZone(zone), 'Time zone must be an IANA zone such as America/Chicago');

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}
const votesPerShopMessage = 'Votes per shop must be a whole number of at least 1, or unlimited';
const votesPerShopField = z
  .number({ error: votesPerShopMessage })
  .int(votesPerShopMessage)
  .min(1, votesPerShopMessage)
  .max(1000, 'Votes per shop must be at most 1000')
  .nullable();

const freezeMessage = 'Standings freeze must be a whole number of hours, 0 or more';
const standingsFreezeHoursField = z
  .number({ error: freezeMessage })
  .int(freezeMessage)
  .min(0, freezeMessage)
  .max(24 * 366, 'Standings freeze must be at most a year');

/** When the public counts stop moving (docs/RULES.md rule 18); null when the freeze is off. */
export function standingsFreezeAt(
  challenge: Pick<ChallengeDto, 'endDate' | 'standingsFreezeHours'>,
): Date | null {
  if (challenge.standingsFreezeHours === 0) return null;
  return new Date(Date.parse(challenge.endDate) - challenge.standingsFreezeHours * 3_600_000);
}

/**
 * Whether the public sees frozen counts at `now`: from the freeze instant until the battle has
 * ended (its end instant included, while votes still count).
 */
export function standingsFrozen(
  challenge: Pick<ChallengeDto, 'endDate' | 'standingsFreezeHours'>,
  now: Date,
): boolean {
  const freezeAt = standingsFreezeAt(challenge);
  return freezeAt !== null && now >= freezeAt && !hasEnded(challenge, now);
}

const reminderMessage = 'Reminder must be a whole number of hours, 0 or more';
const reminderHoursBeforeEndField = z
  .number({ error: reminderMessage })
  .int(reminderMessage)
  .min(0, reminderMessage)
  .max(24 * 366, 'Reminder must be at most a year before the end');

const maxPassesMessage = 'Passes per order must be a whole number from 1 to 10';
const maxPassesPerOrderField = z
  .number({ error: maxPassesMessage })
  .int(maxPassesMessage)
  .min(1, maxPassesMessage)
  .max(10, maxPassesMessage);

const voucherPassesVoteField = z.boolean({
  error: 'Whether voucher passes vote must be true or false',
});

const challengeFieldsSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is too long'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000, 'Description is too long'),
  startDate: instantField('Start date is required'),
  endDate: instantField('End date is required'),
  /** Whole dollars; a numeric string is accepted as the spec's form sends either. */
  price: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, 'Price must be a valid number')
          .transform(Number),
      ],
      {
        error: 'Price must be a valid number',
      },
    )
    .pipe(
      z
        .number({ error: 'Price must be a valid number' })
        .int('Price must be a whole number of dollars')
        .min(0, 'Price cannot be negative')
        .max(100_000, 'Price is too high'),
    ),
  active: activeField,
  theme: themeField,
  themeLabel: themeLabelField,
  /** null = unlimited. */
  votesPerShop: votesPerShopField,
  timeZone: timeZoneField,
  standingsFreezeHours: standingsFreezeHoursField,
  reminderHoursBeforeEnd: reminderHoursBeforeEndField,
  maxPassesPerOrder: maxPassesPerOrderField,
  voucherPassesVote: voucherPassesVoteField,
  /** One of the site's languages (checked by the server); omitted on create: the site's default. */
  contentLanguage: z
    .string({ error: "Choose one of this site's languages" })
    .regex(LANGUAGE_CODE, "Choose one of this site's languages"),
  /** The title, description and theme label in the site's other languages; a patch replaces them all. */
  translations: challengeTranslationsSchema,
});

export const challengeInputSchema = challengeFieldsSchema.extend({
  active: activeField.default(false),
  theme: themeField.default('coffee'),
  /** Omitted: none, the key's words. */
  themeLabel: themeLabelField.optional(),
  votesPerShop: votesPerShopField.default(1),
  standingsFreezeHours: standingsFreezeHoursField.default(0),
  reminderHoursBeforeEnd: reminderHoursBeforeEndField.default(72),
  maxPassesPerOrder: maxPassesPerOrderField.default(10),
  voucherPassesVote: voucherPassesVoteField.default(false),
  /** Omitted: the server's own time zone. */
  timeZone: timeZoneField.optional(),
  contentLanguage: challengeFieldsSchema.shape.contentLanguage.optional(),
  translations: challengeTranslationsSchema.default({}),
});
export type ChallengeInput = z.input<typeof challengeInputSchema>;

/** PATCH: any subset of the fields; omitted ones keep their value (no defaults applied). */
export const challengePatchSchema = challengeFieldsSchema.partial();
export type ChallengePatchInput = z.input<typeof challengePatchSchema>;

/**
 * Admin status label (docs/SPEC.md section 4), the dashboard's words for the same moments
 * (docs/decisions/0036-one-word-per-thing.md): the spec's Active only for the published challenge
 * while it runs, Upcoming before its start, Ended after its end (published or not), and the
 * spec's Inactive for one not published.
 */
export type ChallengeStatus = 'Active' | 'Upcoming' | 'Ended' | 'Inactive';
export function challengeStatus(
  challenge: Pick<ChallengeDto, 'active' | 'startDate' | 'endDate'>,
  now: Date | number,
): ChallengeStatus {
  const phase = challengePhase(challenge, now);
  if (phase === 'ended') return 'Ended';
  if (!challenge.active) return 'Inactive';
  return phase === 'upcoming' ? 'Upcoming' : 'Active';
}

/** ' (Active)' after a title in the organizer's challenge pickers, only while its status is Active. */
export const activeMark = (
  challenge: Pick<ChallengeDto, 'active' | 'startDate' | 'endDate'>,
  now: Date | number,
) => (challengeStatus(challenge, now) === 'Active' ? ' (Active)' : '');
