import { z } from 'zod';
import { drawEntriesSchema, drawInputSchema, type DrawInput } from '#shared/draws.ts';
import { MAX_DRAW_SHOPS, type DrawEntries } from '#shared/draw-entries.ts';

/** Said in the page's language by the form's resolver (#client/i18n/schema-messages.ts formMessages). */
const SHOPS_MESSAGE = `Shops must be a whole number from 1 to ${MAX_DRAW_SHOPS}`;

/** The draw form's values: the entries as a choice, and N of 'shops>=N' in its own number input. */
export interface DrawFormValues {
  prize: string;
  winnerCount: number | string;
  mode: 'passes' | 'coupons' | 'shops';
  minimumShops: number | string;
  /** The prize in the site's other languages; an empty one shows the main language's. */
  translations: Record<string, { prize?: string }>;
}

const entriesOf = (values: Pick<DrawFormValues, 'mode' | 'minimumShops'>): DrawEntries =>
  values.mode === 'shops' ? `shops>=${Number(values.minimumShops)}` : values.mode;

/**
 * What the draw form checks before sending: the contract's fields and messages (#shared/draws.ts),
 * the number of shops only when that mode is chosen; the server checks all of it again.
 */
export const drawFormSchema = z
  .object({
    prize: drawInputSchema.shape.prize,
    winnerCount: drawInputSchema.shape.winnerCount,
    mode: z.enum(['passes', 'coupons', 'shops']),
    minimumShops: z.union([z.number(), z.string()]),
    translations: drawInputSchema.shape.translations,
  })
  .superRefine((values, context) => {
    if (values.mode !== 'shops') return;
    const shops = values.minimumShops;
    if (typeof shops !== 'number' || !drawEntriesSchema.safeParse(entriesOf(values)).success)
      context.addIssue({ code: 'custom', message: SHOPS_MESSAGE, path: ['minimumShops'] });
  });

/** The request body of POST /api/admin/challenges/{id}/draws for checked form values. */
export function toDrawInput(values: DrawFormValues): DrawInput {
  return drawInputSchema.parse({
    prize: values.prize,
    winnerCount: values.winnerCount,
    entries: entriesOf(values),
    translations: values.translations,
  });
}
