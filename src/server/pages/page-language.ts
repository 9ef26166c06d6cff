import fastifyCookie from '@fastify/cookie';
import { preferredLanguage, type SiteLanguages } from '#shared/languages.ts';

/**
 * The language of the last page this browser was sent (docs/decisions/0048-languages.md): not
 * personal, no secret; its presence means the visit is not the first, so the address alone
 * decides the language from then on (a switch to the default language stays there).
 */
export const LANGUAGE_COOKIE = 'lb.lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that records the page's language. */
export const languageCookie = (language: string) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${String(YEAR_SECONDS)}; SameSite=Lax`;

/** The language the Cookie header records, if any. */
export const cookieLanguage = (cookie: string | undefined): string | undefined =>
  cookie ? fastifyCookie.parse(cookie)[LANGUAGE_COOKIE] : undefined;

/**
 * On a first visit (no language cookie) to a default-language address, the enabled language the
 * browser's Accept-Language prefers when it is another one: the page to send the visitor to.
 * Undefined otherwise: the address's own language stands.
 */
export function firstVisitLanguage(
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
  { languages, defaultLanguage }: SiteLanguages,
): string | undefined {
  if (cookieLanguage(headers.cookie) !== undefined) return undefined;
  const preferred = preferredLanguage(headers['accept-language'], languages);
  return preferred === defaultLanguage ? undefined : preferred;
}
