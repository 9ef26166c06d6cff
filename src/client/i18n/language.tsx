import { createContext, useContext, type ReactNode } from 'react';
import { IntlContext, IntlProvider, type IntlShape } from 'react-intl';
import { localeOf, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { sourceIntl } from '#shared/source-intl.ts';
import type { Catalog } from './catalogs.ts';

/** The language a page is drawn in, and where its addresses live (docs/decisions/0048-languages.md). */
export interface PageLanguage {
  /** The page's language, as its `<html lang>` says. */
  language: string;
  /** The prefix of the language's addresses: '' for the default language's, '/es' for Spanish. */
  basename: string;
}

/** The code's own English at addresses without a prefix. */
export const SOURCE_PAGE: PageLanguage = { language: SOURCE_LANGUAGE, basename: '' };

const PageLanguageContext = createContext<PageLanguage>(SOURCE_PAGE);

/** The page's language and its words, for everything below. */
export function LanguageProvider({
  page,
  catalog,
  children,
}: {
  page: PageLanguage;
  catalog: Catalog;
  children: ReactNode;
}) {
  return (
    <PageLanguageContext value={page}>
      <IntlProvider
        locale={localeOf(page.language)}
        defaultLocale={localeOf(SOURCE_LANGUAGE)}
        messages={catalog}
      >
        {children}
      </IntlProvider>
    </PageLanguageContext>
  );
}

export const usePageLanguage = (): PageLanguage => useContext(PageLanguageContext);

/** The code's own English: what a component speaks outside a LanguageProvider (its own test). */
export { sourceIntl };

/** The page's messages and formats (react-intl's `useIntl`, English outside a provider). */
export function useMessages(): IntlShape {
  const intl: IntlShape | null = useContext(IntlContext);
  return intl ?? sourceIntl();
}

/**
 * In the browser: the language the server drew the page in (`<html lang>`, set per address by
 * the server) and, when the address carries that language's prefix, the prefix.
 */
export function documentPageLanguage(): PageLanguage {
  const language = document.documentElement.lang || SOURCE_LANGUAGE;
  const prefix = `/${language}`;
  const { pathname } = window.location;
  const prefixed = pathname === prefix || pathname.startsWith(`${prefix}/`);
  return { language, basename: prefixed ? prefix : '' };
}

/** An address without its language's prefix: the one the page registry (#shared/pages.ts) knows. */
export function withoutBasename(pathname: string, { basename }: PageLanguage): string {
  return basename && pathname.startsWith(basename)
    ? pathname.slice(basename.length) || '/'
    : pathname;
}
