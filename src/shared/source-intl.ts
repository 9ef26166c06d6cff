import { createIntl, type IntlShape } from 'react-intl';
import { localeOf, SOURCE_LANGUAGE } from './languages.ts';

const SOURCE_LOCALE = localeOf(SOURCE_LANGUAGE);
let created: IntlShape | null = null;

/**
 * The code's own English (docs/decisions/0048-languages.md): what the words written in
 * src/shared say when a caller passes no page's intl, and what a web app component speaks
 * outside a LanguageProvider. Made at its first use, not when the module loads: creating an intl
 * asks the browser's Intl for its locales, its first and costliest use (docs/decisions/0051).
 */
export function sourceIntl(): IntlShape {
  created ??= createIntl({ locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE });
  return created;
}

/** Whether words are asked in the code's own English (the stored English then shows as written). */
export const inSourceLanguage = (intl: IntlShape) => intl.locale === SOURCE_LOCALE;
