import { z } from 'zod';
import { businessFieldsSchema, COORDINATES_PAIR_MESSAGE } from '#shared/businesses.ts';
import { weekError, type DayHours } from '#shared/hours.ts';
import { shopTranslationsSchema } from '#shared/translations.ts';

const fields = businessFieldsSchema.shape;

/** Mantine's NumberInput holds '' when empty, which the contract calls null (no cap, off the map). */
const emptyIsNull = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? null : value), schema);

const empty = (value: unknown) => value === null || value === undefined || value === '';
/** One coordinate empty while the other is given: half a place. */
const emptyBeside = (own: unknown, other: unknown) => empty(own) && !empty(other);
/** Checked even while another field is wrong: zod skips refinements after a type error otherwise. */
const pairRule = (field: 'latitude' | 'longitude') => ({
  message: COORDINATES_PAIR_MESSAGE,
  path: [field],
  when: () => true,
});

/**
 * What the shop form checks before sending, with the contract's rules and messages
 * (src/shared/businesses.ts); the server checks them all again. The fields it leaves out are
 * sent as typed (business-form-values.ts).
 */
export const businessFormSchema = z
  .object({
    name: fields.name,
    description: fields.description,
    address: fields.address,
    /** null while the picker is untouched: the stored hours are kept as they are. */
    week: z.custom<DayHours[] | null>().superRefine((week, context) => {
      const message = week ? weekError(week) : null;
      if (message) context.addIssue({ code: 'custom', message });
    }),
    redemptionCode: fields.redemptionCode,
    dailyCap: emptyIsNull(fields.dailyCap),
    latitude: emptyIsNull(fields.latitude),
    longitude: emptyIsNull(fields.longitude),
    translations: shopTranslationsSchema,
  })
  // A place is both coordinates or neither (docs/decisions/0023-map.md): the empty one is told.
  .refine(({ latitude, longitude }) => !emptyBeside(latitude, longitude), pairRule('latitude'))
  .refine(({ latitude, longitude }) => !emptyBeside(longitude, latitude), pairRule('longitude'));
