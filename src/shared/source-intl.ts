import { createIntl, type IntlShape } from 'react-intl';
import { localeOf, SOURCE_LANGUAGE } from './languages.ts';

/**
 * The code's own English (docs/decisions/0048-languages.md): what the words written in
 * src/shared say when a caller passes no page's intl, and what a web app component speaks
 * outside a LanguageProvider.
 */
export const sourceIntl: IntlShape = createIntl({
  locale: localeOf(SOURCE_LANGUAGE),
  defaultLocale: localeOf(SOURCE_LANGUAGE),
});

/** Whether words are asked in the code's own English (the stored English then shows as written). */
export const inSourceLanguage = (intl: IntlShape) => intl.locale === sourceIntl.locale;
