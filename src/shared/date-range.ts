import { dateTimeFormat } from './intl-formats.ts';

/** The spec's own locale (#shared/languages.ts `localeOf`): its forms are written out here. */
const ENGLISH = 'en-US';

type Parts = { year: string; month: string; monthLong: string; day: string };

function partsIn(instant: Date, timeZone: string): Parts {
  const pick = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    dateTimeFormat('en-US', { timeZone, ...options })
      .formatToParts(instant)
      .find((part) => part.type === type)?.value ?? '';
  return {
    year: pick({ year: 'numeric' }, 'year'),
    month: pick({ month: 'short' }, 'month'),
    monthLong: pick({ month: 'long' }, 'month'),
    day: pick({ day: 'numeric' }, 'day'),
  };
}

/**
 * A battle's dates as the home hero shows them (docs/RULES.md rule 13), on the calendar of the
 * challenge's time zone: 'July 1-31, 2025' within a month, 'Nov 12 - Dec 12, 2026' across
 * months, 'Dec 20, 2026 - Jan 10, 2027' across years, 'July 4, 2025' for one day. In another
 * `locale` (docs/decisions/0048-languages.md), that language's range of short dates.
 */
export function formatChallengeDates(
  start: Date | string,
  end: Date | string,
  timeZone: string,
  locale = ENGLISH,
) {
  // Another language writes a range its own way ('12 de nov – 12 de dic 2026'): Intl knows how.
  // Node's ICU puts thin spaces around the dash where Chromium's has plain ones: plain spaces
  // here, so a page the server drew reads the same when the web app takes it over.
  if (locale !== ENGLISH) {
    return dateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    })
      .formatRange(new Date(start), new Date(end))
      .replace(/\u2009/g, ' ');
  }
  const from = partsIn(new Date(start), timeZone);
  const to = partsIn(new Date(end), timeZone);
  if (from.year !== to.year) {
    return `${from.month} ${from.day}, ${from.year} - ${to.month} ${to.day}, ${to.year}`;
  }
  if (from.month !== to.month) {
    return `${from.month} ${from.day} - ${to.month} ${to.day}, ${to.year}`;
  }
  if (from.day !== to.day) return `${from.monthLong} ${from.day}-${to.day}, ${to.year}`;
  return `${from.monthLong} ${from.day}, ${to.year}`;
}

/**
 * A time as the shop's clock shows it, in the challenge's time zone ('9:05 AM', 'Nov 22, 9:05 AM');
 * `locale`: a page in another language ('22 nov, 9:05 a.m.', docs/decisions/0048-languages.md).
 */
export function shopTime(
  iso: string,
  timeZone: string,
  withDate = false,
  locale = ENGLISH,
): string {
  return dateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
  }).format(new Date(iso));
}

/**
 * The one way an instant is written in words, in pages, emails, messages and refusals: on the
 * calendar and clock of the challenge's time zone, never the server's or the viewer's. With the
 * time it names the zone ('July 1, 2025 at 9:00 AM PDT'); `{ time: false }` gives the day alone
 * ('July 1, 2025'), still the day it was in that zone. `locale`: a page in another language
 * ('1 de julio de 2025 a las 9:00 a.m. PDT', docs/decisions/0048-languages.md).
 */
export function formatInstant(
  instant: Date | string,
  timeZone: string,
  { time = true, locale = ENGLISH }: { time?: boolean; locale?: string } = {},
): string {
  return dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(time ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
  }).format(new Date(instant));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many days a battle runs, to the nearest whole day (at least 1), as its pages state it. */
export function challengeDays(start: Date | string, end: Date | string): number {
  return Math.max(1, Math.round((new Date(end).getTime() - new Date(start).getTime()) / DAY_MS));
}
