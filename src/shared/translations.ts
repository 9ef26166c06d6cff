import { z } from 'zod';
import { readHoursLabels } from './hours.ts';
import { LANGUAGE_CODE } from './languages.ts';

/**
 * The organizer's content in the site's other languages (docs/decisions/0050-content-languages.md).
 * A battle's, a shop's and a draw's own columns hold the battle's content language's text; each
 * other language's texts sit beside them, by language code, each field optional: a missing one
 * reads as the content language's.
 */
export type Translations<Field extends string> = Record<string, Partial<Record<Field, string>>>;

/**
 * The texts a battle has in each language; its theme label's own is `challenges.theme_label`, null
 * when the organizer wrote none (#shared/challenges.ts `themeWords` stands in).
 */
export const CHALLENGE_TEXT_FIELDS = ['title', 'description', 'themeLabel'] as const;
export type ChallengeTextField = (typeof CHALLENGE_TEXT_FIELDS)[number];

/** The texts a shop has in each language (the rich-text description sanitized like its own). */
export const SHOP_TEXT_FIELDS = ['name', 'description', 'longDescription', 'specialties'] as const;
export type ShopTextField = (typeof SHOP_TEXT_FIELDS)[number];

/**
 * What a shop's translations hold: its texts, and its hours' labels as JSON text of stored label →
 * label (#shared/hours.ts `readHoursLabels`), read beside the stored hours rather than instead of them.
 */
export type ShopTranslationField = ShopTextField | 'hoursLabels';

/** The text a prize draw has in each language. */
export const DRAW_TEXT_FIELDS = ['prize'] as const;
export type DrawTextField = (typeof DRAW_TEXT_FIELDS)[number];

/** One translated text: trimmed, empty counts as missing; `message` when it is too long. */
const translatedText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || undefined);

const translationsOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .record(
      z.string().regex(LANGUAGE_CODE, 'A translation is named by its language code, e.g. es'),
      z.object(shape),
    )
    .refine((record) => Object.keys(record).length <= 20, 'Too many languages');

/** A battle's translations as the organizer sends them (per language, any field may be empty). */
export const challengeTranslationsSchema = translationsOf({
  title: translatedText(200, 'Title is too long'),
  description: translatedText(2000, 'Description is too long'),
  themeLabel: translatedText(50, 'Theme label is too long'),
});

/** A shop's translations as the organizer sends them; the server sanitizes longDescription. */
export const shopTranslationsSchema = translationsOf({
  name: translatedText(200, 'Business name is too long'),
  description: translatedText(2000, 'Business description is too long'),
  longDescription: translatedText(500_000, 'The rich-text description is too long'),
  specialties: translatedText(500, 'Specialties are too long'),
  hoursLabels: translatedText(2000, 'Hours labels are too long').refine(
    (text) => text === undefined || readHoursLabels(text) !== null,
    'Hours labels must be a JSON object of hours labels to their words in that language',
  ),
});

/** A draw's translations as the organizer sends them. */
export const drawTranslationsSchema = translationsOf({
  prize: translatedText(200, 'Prize is too long'),
});

/** The text a milestone has in each language: its reward. */
export const MILESTONE_TEXT_FIELDS = ['reward'] as const;
export type MilestoneTextField = (typeof MILESTONE_TEXT_FIELDS)[number];

/** A milestone's translations as the organizer sends them. */
export const milestoneTranslationsSchema = translationsOf({
  reward: translatedText(80, 'A reward can be at most 80 characters.'),
});

/** Translations as the API answers them: only the texts given. */
export const storedTranslationsSchema = z.record(z.string(), z.record(z.string(), z.string()));

/**
 * Only the texts given, in the languages that are not the content language: an empty text or
 * language is left out, so a missing translation is always simply absent.
 */
export function keptTranslations<Field extends string>(
  translations: Translations<Field>,
  contentLanguage: string,
): Translations<Field> {
  const kept: Translations<Field> = {};
  for (const [language, texts] of Object.entries(translations)) {
    if (language === contentLanguage || !texts) continue;
    const given = Object.fromEntries(
      Object.entries(texts).filter((entry): entry is [Field, string] => Boolean(entry[1])),
    ) as Partial<Record<Field, string>>;
    if (Object.keys(given).length > 0) kept[language] = given;
  }
  return kept;
}

/** One field's text in each language that has one, by language code (what the API writes per language). */
export function fieldPerLanguage<Field extends string>(
  translations: Translations<Field>,
  field: Field,
): Partial<Record<string, string>> {
  const texts: Partial<Record<string, string>> = {};
  for (const [language, fields] of Object.entries(translations)) {
    const text = fields?.[field];
    if (text) texts[language] = text;
  }
  return texts;
}

/**
 * A row's texts in `language`: each field's translation when there is one, else the row's own
 * text (the content language's, docs/decisions/0050-content-languages.md).
 */
export function textsIn<Field extends string, Row extends Record<Field, string | null>>(
  row: Row,
  translations: Translations<Field>,
  fields: readonly Field[],
  language: string,
): Row {
  const texts = translations[language];
  if (!texts) return row;
  const localized = { ...row };
  for (const field of fields) {
    const text = texts[field];
    if (text) (localized as Record<Field, string | null>)[field] = text;
  }
  return localized;
}

/** One text the organizer has not yet written in a language. */
export interface MissingTranslation<Field extends string = string> {
  language: string;
  field: Field;
}

/**
 * The texts a row has in its content language but not in each other enabled language: what the
 * organizer's 'Missing translations' list names.
 */
export function missingTranslations<Field extends string>(
  row: Record<Field, string | null>,
  translations: Translations<Field>,
  fields: readonly Field[],
  { languages, contentLanguage }: { languages: readonly string[]; contentLanguage: string },
): MissingTranslation<Field>[] {
  return languages
    .filter((language) => language !== contentLanguage)
    .flatMap((language) =>
      fields
        .filter((field) => Boolean(row[field]) && !translations[language]?.[field])
        .map((field) => ({ language, field })),
    );
}

/** Whether two sets of translations hold the same texts (the database keeps jsonb keys in its own order). */
export function sameTranslations<Field extends string>(
  a: Translations<Field>,
  b: Translations<Field>,
): boolean {
  const canonical = (translations: Translations<Field>) =>
    Object.entries(translations)
      .filter(([, texts]) => texts && Object.keys(texts).length > 0)
      .map(([language, texts]) => [
        language,
        Object.entries(texts ?? {})
          .filter(([, text]) => Boolean(text))
          .sort(([x], [y]) => x.localeCompare(y)),
      ])
      .sort(([x], [y]) => String(x).localeCompare(String(y)));
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
