import { z } from 'zod';
import { REDEMPTION_CODE_PATTERN } from './constants.ts';
import { codeRotationSchema, currentCodeSchema } from './shop-side.ts';
import { shopTranslationsSchema, storedTranslationsSchema } from './translations.ts';

/** A shop as anyone may see it: never the redemption code (docs/RULES.md rule 3). */
export const publicBusinessSchema = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Sanitized HTML (docs/RULES.md rule 9). */
  longDescription: z.string().nullable(),
  address: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** JSON text: an object of label to time range. */
  hours: z.string().nullable(),
  /**
   * The hours' labels in the answer's language, by stored label; absent when the organizer has not
   * written them in it (docs/decisions/0050-content-languages.md).
   */
  hoursLabels: z.record(z.string(), z.string()).optional(),
  specialties: z.string().nullable(),
  position: z.number().int(),
  /** Redemptions paused by the organizer or the shop: 'Temporarily not accepting coupons'. */
  paused: z.boolean(),
  /** Where the shop is on the map (WGS 84 degrees); both null while the organizer has not placed it. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

/** What organizers see: the shop plus its code. */
export const adminBusinessSchema = publicBusinessSchema.extend({
  /** The static code: the one accepted while rotation is off, refused while it is on. */
  redemptionCode: z.string(),
  codeRotation: codeRotationSchema,
  /** The code the counter accepts now (the static one, or this period's rotating code). */
  currentCode: currentCodeSchema,
  /** At most this many coupons a day (in the challenge's time zone); null = no cap. */
  dailyCap: z.number().int().nullable(),
  /** Whether the shop's private page link is issued (the link itself is shown once, at issue). */
  shopLinkIssued: z.boolean(),
  /** Its texts in the other languages than its battle's content language (docs/decisions/0050). */
  translations: storedTranslationsSchema,
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

/** GET /api/votes: shop id → vote count. */
export const voteCountsSchema = z.record(z.string(), z.number().int());
export type VoteCounts = z.infer<typeof voteCountsSchema>;

/** An hours object, the example HOURS_MESSAGE gives: a value in its words, the same in every language. */
export const HOURS_JSON_EXAMPLE = '{"Monday - Friday": "6:30am - 8:00pm"}';
export const HOURS_MESSAGE = `Hours must be a JSON object of days to hours, e.g. ${HOURS_JSON_EXAMPLE}`;

export type HoursCheck = { valid: true; stored: string | null } | { valid: false; message: string };

/**
 * The opening-hours rule, for the organizer's form and the server alike: a JSON object of
 * non-empty labels to time-range text. `stored` is the compact JSON to keep,
 * null when the object names no hours.
 */
export function checkHours(text: string): HoursCheck {
  const invalid = { valid: false, message: HOURS_MESSAGE } as const;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid;
  const entries = Object.entries(parsed);
  if (!entries.every(([label, range]) => label.trim() !== '' && typeof range === 'string')) {
    return invalid;
  }
  return { valid: true, stored: entries.length === 0 ? null : JSON.stringify(parsed) };
}

export const LATITUDE_MESSAGE = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_MESSAGE = 'Longitude must be a number from -180 to 180';
export const COORDINATES_PAIR_MESSAGE =
  'Latitude and longitude go together: give both, or neither to leave the shop off the map';

const degrees = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message).nullable();

/**
 * A shop's place is both coordinates or neither (docs/decisions/0023-map.md). On a patch, sending one without the
 * other is refused too: half a place would move the marker somewhere nobody chose.
 */
function pairedCoordinates(
  value: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  context: z.RefinementCtx,
) {
  const kind = (coordinate: number | null | undefined) =>
    coordinate === undefined ? 'omitted' : coordinate === null ? 'none' : 'given';
  if (kind(value.latitude) !== kind(value.longitude)) {
    context.addIssue({ code: 'custom', message: COORDINATES_PAIR_MESSAGE, path: ['longitude'] });
  }
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Create/edit body of /api/admin/businesses (docs/SPEC.md section 5). The server also normalizes the
 * website, checks hours and image URL, and sanitizes longDescription (docs/RULES.md rule 9).
 */
export const businessFieldsSchema = z.object({
  name: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(200, 'Business name is too long'),
  description: z
    .string({ error: 'Business description is required' })
    .trim()
    .min(1, 'Business description is required')
    .max(2000, 'Business description is too long'),
  longDescription: optionalText(500_000, 'The rich-text description is too long'),
  address: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(300, 'Address is too long'),
  phone: optionalText(50, 'Phone is too long'),
  website: optionalText(500, 'Website is too long'),
  imageUrl: optionalText(2000, 'Image URL is too long'),
  /** JSON text of an object of label to time range. */
  hours: optionalText(2000, 'Hours are too long'),
  specialties: optionalText(500, 'Specialties are too long'),
  position: z
    .number({ error: 'Display order must be a whole number of at least 0' })
    .int('Display order must be a whole number of at least 0')
    .min(0, 'Display order must be a whole number of at least 0')
    .max(1_000_000, 'Display order is too large'),
  codeRotation: codeRotationSchema,
  paused: z.boolean({ error: 'Paused must be true or false' }),
  dailyCap: z
    .number({ error: 'Daily cap must be a whole number of at least 1, or none' })
    .int('Daily cap must be a whole number of at least 1, or none')
    .min(1, 'Daily cap must be a whole number of at least 1, or none')
    .max(1_000_000, 'Daily cap is too large')
    .nullable(),
  latitude: degrees(90, LATITUDE_MESSAGE),
  longitude: degrees(180, LONGITUDE_MESSAGE),
  /**
   * Its name, descriptions and specialties in the site's other languages; a patch replaces them
   * all (docs/decisions/0050-content-languages.md).
   */
  translations: shopTranslationsSchema,
  /** Omitted or empty: the server picks an unused random code. */
  redemptionCode: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: 'Redemption code must be 4 digits' })
      .trim()
      .min(4, 'Redemption code must be at least 4 characters')
      .max(4, 'Redemption code must be exactly 4 characters')
      .regex(REDEMPTION_CODE_PATTERN, 'Redemption code must be 4 digits')
      .nullish(),
  ),
});

export const businessCreateSchema = businessFieldsSchema
  .extend({
    position: businessFieldsSchema.shape.position.default(0),
    codeRotation: codeRotationSchema.default('off'),
    paused: businessFieldsSchema.shape.paused.default(false),
    dailyCap: businessFieldsSchema.shape.dailyCap.default(null),
    latitude: businessFieldsSchema.shape.latitude.default(null),
    longitude: businessFieldsSchema.shape.longitude.default(null),
    translations: shopTranslationsSchema.default({}),
    challengeId: z
      .number({ error: 'No challenge selected' })
      .int('No challenge selected')
      .positive('No challenge selected')
      .max(2_147_483_647, 'No challenge selected'),
  })
  .superRefine(pairedCoordinates);
export type BusinessCreateInput = z.input<typeof businessCreateSchema>;

/** PATCH: any subset (no defaults applied); a shop stays in its challenge. */
export const businessPatchSchema = businessFieldsSchema.partial().superRefine(pairedCoordinates);
export type BusinessPatchInput = z.input<typeof businessPatchSchema>;
