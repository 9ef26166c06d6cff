import type { SiteLanguages } from '#shared/languages.ts';
import { keptTranslations, type Translations } from '#shared/translations.ts';
import { badRequest } from '../errors.ts';

/**
 * The language a battle's own columns (and its shops' and draws') are written in: the one the
 * organizer chose, else the site's default (docs/decisions/0050-content-languages.md).
 */
export const contentLanguageOf = (
  challenge: { contentLanguage: string | null },
  { defaultLanguage }: SiteLanguages,
): string => challenge.contentLanguage ?? defaultLanguage;

const notASiteLanguage = ({ languages }: SiteLanguages) =>
  badRequest(`Choose one of this site's languages: ${languages.join(', ')}`);

/** A content language the organizer chose: one of the site's, else 400. */
export function checkedContentLanguage(language: string, site: SiteLanguages): string {
  if (!site.languages.includes(language)) throw notASiteLanguage(site);
  return language;
}

/**
 * Translations as stored: only the site's languages (400 otherwise), none in the content
 * language (its texts are the row's own columns), empty texts left out.
 */
export function checkedTranslations<Field extends string>(
  translations: Translations<Field>,
  contentLanguage: string,
  site: SiteLanguages,
): Translations<Field> {
  if (Object.keys(translations).some((language) => !site.languages.includes(language))) {
    throw notASiteLanguage(site);
  }
  return keptTranslations(translations, contentLanguage);
}
