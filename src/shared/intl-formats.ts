/**
 * Intl's formatters, built once per locale and options. Building one resolves its locale's data
 * and costs far more than using it: the pass's 'Next stop' asked for one per shop on every render,
 * the largest part of /profile's blocking time on a phone (BENCHMARKS.md, part web). The options
 * come from code and the time zones from the battles, so the caches stay small.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(locale, options)`, kept; an unknown time zone still throws. */
export const dateTimeFormat = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat =>
  kept(dateTimeFormats, `${locale} ${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(locale, options);
  });

/** `new Intl.NumberFormat(locale, options)`, kept. */
export const numberFormat = (
  locale: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat =>
  kept(numberFormats, `${locale} ${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(locale, options);
  });
