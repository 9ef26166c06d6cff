/**
 * The site's languages (docs/decisions/0048-languages.md): which are on is the LANGUAGES setting,
 * each one a catalog under src/client/i18n/lang. Codes are ISO 639 (`en`, `es`, `fr`), without a
 * region: the URL carries them (`/es/battles/coffee`).
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/** The language of the code's own words (each message's `defaultMessage`): the spec's English. */
export const SOURCE_LANGUAGE = 'en';

/** LANGUAGES and DEFAULT_LANGUAGE when unset. */
export const DEFAULT_LANGUAGES = ['en', 'es'] as const;
export const DEFAULT_LANGUAGE = 'en';

/** The enabled languages and the one whose pages carry no prefix (GET /api/config). */
export interface SiteLanguages {
  languages: readonly string[];
  defaultLanguage: string;
}

export const SITE_LANGUAGES: SiteLanguages = {
  languages: DEFAULT_LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
};

/**
 * The Intl locale each language formats money, dates and numbers with. The site sells in dollars
 * in US cities, so English is en-US (the spec's '$5', 'Nov 12') and Spanish its US form ('$5',
 * '12 de nov'); a language not listed formats as its own code says.
 */
const LOCALES: Record<string, string> = { en: 'en-US', es: 'es-US' };
export const localeOf = (language: string): string => LOCALES[language] ?? language;

/**
 * A page address split into its language, that language's prefix (the web app router's basename)
 * and the address the page registry knows (#shared/pages.ts): `/es/business/1` is Spanish
 * `/business/1`; an address without an enabled
 * language's prefix is the default language's. `/es` alone is Spanish `/`.
 */
export function splitLanguage(
  pathname: string,
  { languages, defaultLanguage }: SiteLanguages,
): { language: string; basename: string; path: string } {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && prefix !== defaultLanguage && languages.includes(prefix)) {
    return { language: prefix, basename: `/${prefix}`, path: match[2] ?? '/' };
  }
  return { language: defaultLanguage, basename: '', path: pathname };
}

/** A saved choice (a member's language, a buyer's page) while the site still offers it, else its default. */
export const offeredLanguageOr = (
  { languages, defaultLanguage }: SiteLanguages,
  saved: string | null | undefined,
): string => (saved && languages.includes(saved) ? saved : defaultLanguage);

/** A page's address in a language: the default language's has no prefix. */
export function languagePath(path: string, language: string, defaultLanguage: string): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/**
 * The enabled language an Accept-Language header prefers most (q-values honoured, `es-MX` counts
 * as `es`), or undefined when it names none of them.
 */
export function preferredLanguage(
  header: string | undefined,
  languages: readonly string[],
): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        language: range.trim().toLowerCase().split('-')[0] ?? '',
        q: q ? Number(q) : 1,
        index,
      };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find(({ language }) => languages.includes(language))?.language;
}

/**
 * The language an API answer speaks (its error messages, the organizer's content): the enabled
 * language the request's Accept-Language prefers, else the site's default. The web app sends its
 * page's language there (#client/lib/api.ts), so a Spanish page reads Spanish answers.
 */
export const answerLanguage = (
  acceptLanguage: string | undefined,
  { languages, defaultLanguage }: SiteLanguages,
): string => preferredLanguage(acceptLanguage, languages) ?? defaultLanguage;
