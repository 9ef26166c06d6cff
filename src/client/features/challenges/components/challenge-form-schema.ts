import { z } from 'zod';
import { challengeInputSchema } from '#shared/challenges.ts';
import { challengeTranslationsSchema } from '#shared/translations.ts';

const fields = challengeInputSchema.shape;

/** Mantine's NumberInput holds a number, or '' (or the text typed) while it is not one. */
const numberField = z.union([z.number(), z.string()]);

/**
 * A number input checked by the contract's rule for its field, with the rule's message. Reported
 * as the form's own issue: a failed integer check would otherwise stop the checks across fields.
 */
const checkedBy = (rule: z.ZodType) =>
  numberField.superRefine((value, context) => {
    const result = rule.safeParse(value);
    if (!result.success)
      context.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
  });

/** The contract's check of the vote limit, which the form skips while votes are unlimited. */
const votesPerShopRule = fields.votesPerShop.unwrap().unwrap();

/** The contract's check of a theme label's text, before an empty one becomes null. */
const themeLabelRule = fields.themeLabel.unwrap().in.unwrap();

/** Checked even while another field is wrong: zod skips refinements after a field's error otherwise. */
const alwaysOn = (path: 'endDate' | 'votesPerShop', message: string) => ({
  message,
  path: [path],
  when: () => true,
});

/**
 * What the challenge form checks before sending: the contract's rules and messages
 * (#shared/challenges.ts, docs/SPEC.md section 5), which the server checks again. Start and end
 * are compared as the wall-clock minutes the inputs hold, in the one zone both are in.
 */
export const challengeFormSchema = z
  .object({
    title: fields.title,
    description: fields.description,
    /** Empty is the default theme (toChallengeInput). */
    theme: z.string(),
    /** The theme's name in the content language; empty: the theme's words. */
    themeLabel: themeLabelRule,
    startDate: fields.startDate,
    endDate: fields.endDate,
    /** Chosen from the runtime's own zones; the contract's check names a wrong one. */
    timeZone: z.string().refine((zone) => zone.trim() !== '', 'Time zone is required'),
    price: checkedBy(fields.price),
    active: z.boolean(),
    unlimitedVotes: z.boolean(),
    votesPerShop: numberField,
    standingsFreezeHours: checkedBy(fields.standingsFreezeHours),
    reminderHoursBeforeEnd: checkedBy(fields.reminderHoursBeforeEnd),
    maxPassesPerOrder: checkedBy(fields.maxPassesPerOrder),
    voucherPassesVote: z.boolean(),
    /** The language title, description and theme label are written in; the others' are optional. */
    contentLanguage: z.string(),
    translations: challengeTranslationsSchema,
  })
  .refine(
    ({ startDate, endDate }) => !startDate || !endDate || endDate >= startDate,
    alwaysOn('endDate', 'End date must be after the start date'),
  )
  .refine(
    ({ unlimitedVotes, votesPerShop }) =>
      unlimitedVotes || votesPerShopRule.safeParse(votesPerShop).success,
    alwaysOn('votesPerShop', 'Votes per shop must be a whole number of at least 1, or unlimited'),
  );

/** The form's values, as its inputs hold them. */
export type ChallengeFormValues = z.input<typeof challengeFormSchema>;
