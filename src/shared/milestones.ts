import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { inSourceLanguage, sourceIntl } from './source-intl.ts';
import { milestoneTranslationsSchema, storedTranslationsSchema } from './translations.ts';

/**
 * Milestones and rewards (docs/decisions/0046): an organizer's tiers per battle, each a reward for
 * a pass that has redeemed coupons at that many shops, while its stock lasts; a reached reward is
 * picked up in person with a one-time pick-up code.
 */

/** The most shops a tier may ask for: far beyond any battle, and within an integer column. */
const MILESTONE_MAX_SHOPS = 1000;
const shopsMessage = `Shops must be a whole number from 1 to ${MILESTONE_MAX_SHOPS}.`;
/** The most items one tier may stock. */
const MILESTONE_MAX_STOCK = 100_000;
const stockMessage = `Stock must be a whole number from 1 to ${MILESTONE_MAX_STOCK}, or left empty for no limit.`;
const rewardMessage = 'Reward is required (for example a pint glass).';

/** POST /api/admin/challenges/{id}/milestones and PUT /api/admin/milestones/{id}. */
export const milestoneInputSchema = z.object({
  shops: z
    .number({ error: shopsMessage })
    .int(shopsMessage)
    .min(1, shopsMessage)
    .max(MILESTONE_MAX_SHOPS, shopsMessage),
  reward: z
    .string({ error: rewardMessage })
    .trim()
    .min(1, rewardMessage)
    .max(80, 'A reward can be at most 80 characters.'),
  /** Null or absent: no limit. */
  stock: z
    .number({ error: stockMessage })
    .int(stockMessage)
    .min(1, stockMessage)
    .max(MILESTONE_MAX_STOCK, stockMessage)
    .nullable()
    .optional(),
  /**
   * The reward in the battle's other languages (docs/decisions/0050); absent: kept as they are,
   * given: replaces them all.
   */
  translations: milestoneTranslationsSchema.optional(),
});
export type MilestoneInput = z.input<typeof milestoneInputSchema>;

/** A tier as anyone sees it: `left` is the stock not yet given (null: no limit). */
export const publicMilestoneSchema = z.object({
  id: z.number().int(),
  shops: z.number().int(),
  reward: z.string(),
  stock: z.number().int().nullable(),
  left: z.number().int().nullable(),
});
export type PublicMilestone = z.infer<typeof publicMilestoneSchema>;
export const publicMilestonesSchema = z.array(publicMilestoneSchema);

/** A tier as the organizer sees it: rewards issued (not voided) and collected so far. */
export const adminMilestoneSchema = publicMilestoneSchema.extend({
  challengeId: z.number().int(),
  /** The reward in the battle's other languages, by language code. */
  translations: storedTranslationsSchema,
  issued: z.number().int(),
  collected: z.number().int(),
});
export type AdminMilestone = z.infer<typeof adminMilestoneSchema>;
export const adminMilestonesSchema = z.array(adminMilestoneSchema);

/** One tier in the member's progress answer (GET /api/user/progress). */
export const memberMilestoneSchema = z.object({
  shops: z.number().int(),
  reward: z.string(),
  reached: z.boolean(),
  /** Only once reached. */
  pickupCode: z.string().optional(),
  collected: z.boolean(),
});
export type MemberMilestone = z.infer<typeof memberMilestoneSchema>;

/** Capitals and digits without the look-alikes (0/O, 1/I/L), as reach_milestones.sql draws them. */
const PICKUP_CODE_MESSAGE = 'A pick-up code has 6 letters and digits (for example K7QW2M).';
export const pickupCodeSchema = z
  .string({ error: PICKUP_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-HJKMNP-Z2-9]{6}$/, PICKUP_CODE_MESSAGE);

/** POST /api/admin/rewards/collect. */
export const collectRewardSchema = z.object({ pickupCode: pickupCodeSchema });

/** A reward as organizer staff find it at the counter. */
export const adminRewardSchema = z.object({
  id: z.number().int(),
  pickupCode: z.string(),
  reward: z.string(),
  shops: z.number().int(),
  challengeTitle: z.string(),
  username: z.string(),
  email: z.string(),
  reachedAt: z.string(),
  collectedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
});
export type AdminReward = z.infer<typeof adminRewardSchema>;
export const adminRewardsSchema = z.array(adminRewardSchema);

/** GET /api/admin/rewards?search=: a pick-up code, or part of a member's username or email. */
export const rewardSearchSchema = z.object({
  search: z
    .string({ error: 'Type a pick-up code, username or email.' })
    .trim()
    .min(2, 'Type at least 2 characters of a pick-up code, username or email.')
    .max(100, 'A search can be at most 100 characters.'),
});

/** A reward's words without its article: 'a pint glass' → 'pint glass'. */
const withoutArticle = (reward: string) => reward.replace(/^(a|an|one)\s+/i, '');

/**
 * 'All pint glasses are gone': the reward's own words in the plural (English's regular endings;
 * 'a pint glass', 'a tote bag', 'a sticker' read right), first letter in lower case. In another
 * language (its `intl`) the reward shows as the organizer wrote it ('Ya no quedan: vaso de pinta').
 */
export function stockGoneText(reward: string, intl: IntlShape = sourceIntl()): string {
  const text = withoutArticle(reward);
  const plural = !inSourceLanguage(intl)
    ? text
    : /(s|x|z|ch|sh)$/i.test(text)
      ? `${text}es`
      : /[^aeiou]y$/i.test(text)
        ? `${text.slice(0, -1)}ies`
        : `${text}s`;
  return intl.formatMessage(
    { id: 'milestones.stockGone', defaultMessage: 'All {rewards} are gone' },
    { rewards: `${plural.charAt(0).toLowerCase()}${plural.slice(1)}` },
  );
}

/**
 * 'You've visited 5 of 12 shops: 3 more for the pint glass', or null when every tier is reached
 * or none is left to reach. `tiers` in any order; `intl`: the page's language.
 */
export function nextMilestoneText(
  visited: number,
  shops: number,
  tiers: readonly { shops: number; reward: string; reached: boolean }[],
  intl: IntlShape = sourceIntl(),
): string | null {
  const next = tiers
    .filter((tier) => !tier.reached && tier.shops > visited)
    .sort((a, b) => a.shops - b.shops)[0];
  if (!next) return null;
  return intl.formatMessage(
    {
      id: 'milestones.next',
      defaultMessage:
        "You've visited {visited} of {shops, plural, one {# shop} other {# shops}}: {more, plural, other {# more}} for the {reward}",
    },
    { visited, shops, more: next.shops - visited, reward: withoutArticle(next.reward) },
  );
}
