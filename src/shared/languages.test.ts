import { describe, expect, it } from 'vitest';
import { formatChallengeDates, formatInstant } from './date-range.ts';
import {
  answerLanguage,
  languagePath,
  offeredLanguageOr,
  localeOf,
  preferredLanguage,
  splitLanguage,
} from './languages.ts';
import { formatMoney } from './money.ts';

const site = { languages: ['en', 'es'], defaultLanguage: 'en' };

describe('addresses in a language (docs/decisions/0048-languages.md)', () => {
  it("splits a language's prefix off, and leaves the default language's addresses bare", () => {
    expect(splitLanguage('/es/business/1', site)).toEqual({
      language: 'es',
      basename: '/es',
      path: '/business/1',
    });
    expect(splitLanguage('/es/', site)).toEqual({ language: 'es', basename: '/es', path: '/' });
    expect(splitLanguage('/es', site)).toEqual({ language: 'es', basename: '/es', path: '/' });
    for (const pathname of ['/', '/business/1', '/en/business/1', '/fr/', '/estate', '/battles']) {
      expect(splitLanguage(pathname, site)).toEqual({
        language: 'en',
        basename: '',
        path: pathname,
      });
    }
    expect(splitLanguage('/en/', { languages: ['en', 'es'], defaultLanguage: 'es' })).toEqual({
      language: 'en',
      basename: '/en',
      path: '/',
    });
  });

  it('writes a page address in a language', () => {
    expect(languagePath('/', 'es', 'en')).toBe('/es/');
    expect(languagePath('/battles/coffee', 'es', 'en')).toBe('/es/battles/coffee');
    expect(languagePath('/battles/coffee', 'en', 'en')).toBe('/battles/coffee');
  });

  it('keeps a saved language while the site offers it, else falls back to the default', () => {
    expect(offeredLanguageOr(site, 'es')).toBe('es');
    expect(offeredLanguageOr(site, 'fr')).toBe('en');
    expect(offeredLanguageOr(site, null)).toBe('en');
    expect(offeredLanguageOr({ languages: ['es'], defaultLanguage: 'es' }, 'en')).toBe('es');
  });

  it('picks the enabled language Accept-Language prefers most', () => {
    const languages = ['en', 'es'];
    expect(preferredLanguage('es-MX,es;q=0.9,en;q=0.8', languages)).toBe('es');
    expect(preferredLanguage('fr-CA,fr;q=0.9,es;q=0.5,en;q=0.4', languages)).toBe('es');
    expect(preferredLanguage('en;q=0.5, es;q=0.7', languages)).toBe('es');
    expect(preferredLanguage('es;q=0, en', languages)).toBe('en');
    expect(preferredLanguage('de, fr', languages)).toBeUndefined();
    expect(preferredLanguage('', languages)).toBeUndefined();
    expect(preferredLanguage(undefined, languages)).toBeUndefined();
  });
});

describe('formats in both languages', () => {
  const english = localeOf('en');
  const spanish = localeOf('es');

  it('writes money as each language reads dollars, English exactly as before', () => {
    expect(english).toBe('en-US');
    expect(formatMoney(1250, { locale: english })).toBe(formatMoney(1250));
    expect(formatMoney(1250)).toBe('$1,250');
    expect(formatMoney(5, { locale: spanish })).toBe('$5');
    expect(formatMoney(1250, { locale: spanish })).toBe('$1,250');
    expect(formatMoney(12.5, { locale: spanish })).toBe('$12.50');
    expect(formatMoney(25, { cents: true, locale: spanish })).toBe('$25.00');
  });

  it("writes an instant in the battle's time zone in each language", () => {
    const instant = '2026-07-01T16:00:00Z';
    expect(formatInstant(instant, 'America/Los_Angeles', { locale: english })).toBe(
      'July 1, 2026 at 9:00 AM PDT',
    );
    expect(formatInstant(instant, 'America/Los_Angeles', { locale: spanish })).toBe(
      '1 de julio de 2026 a las 9:00 a.m. PDT',
    );
    expect(formatInstant(instant, 'America/Chicago', { time: false, locale: spanish })).toBe(
      '1 de julio de 2026',
    );
  });

  it("writes a battle's dates in each language, English in the spec's own form", () => {
    const zone = 'America/Chicago';
    expect(formatChallengeDates('2026-11-12T15:00Z', '2026-12-12T15:00Z', zone)).toBe(
      'Nov 12 - Dec 12, 2026',
    );
    // Intl's range, its dash between plain spaces as every browser writes it (Node's ICU puts thin ones).
    expect(formatChallengeDates('2026-11-12T15:00Z', '2026-12-12T15:00Z', zone, spanish)).toBe(
      '12 de nov – 12 de dic 2026',
    );
    expect(formatChallengeDates('2025-07-01T15:00Z', '2025-07-31T15:00Z', zone, spanish)).toBe(
      '1–31 de jul de 2025',
    );
  });
});

describe('answerLanguage', () => {
  const site = { languages: ['en', 'es'], defaultLanguage: 'en' };

  it('speaks the language the request prefers among the enabled ones, else the default', () => {
    expect(answerLanguage('es', site)).toBe('es');
    expect(answerLanguage('es-MX,en;q=0.5', site)).toBe('es');
    expect(answerLanguage('fr', site)).toBe('en');
    expect(answerLanguage(undefined, site)).toBe('en');
    expect(answerLanguage('es', { languages: ['en'], defaultLanguage: 'en' })).toBe('en');
  });
});
