import type { IntlShape } from 'react-intl';
import { DEFAULT_HOURS } from './constants.ts';
import { dateTimeFormat } from './intl-formats.ts';
import { inSourceLanguage, sourceIntl } from './source-intl.ts';

/**
 * Opening hours, read and written in one place for every layer
 * (docs/decisions/0036-one-word-per-thing.md): 'Open now' on the shop pages, the shop dialog's
 * per-day picker, and the CSV import, which takes the picker's own words
 * ('Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm') as well as the stored JSON.
 *
 * Stored hours are free text the organizer typed as label → range ('Monday - Friday' →
 * '6:30am - 8:00pm'), so entries this cannot read are left out, and a shop with no readable
 * entry gets no 'Open now' indicator at all rather than a guess
 * (docs/decisions/0027-public-pages-are-documents.md).
 */
export type OpenNow = 'open' | 'closed' | 'unknown';

/** Stored hours (a JSON object of label → range), or the spec's defaults when none or unreadable. */
export function openingHours(hours: string | null): [string, string][] {
  if (hours) {
    try {
      const parsed: unknown = JSON.parse(hours);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const entries = Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        );
        if (entries.length > 0) return entries;
      }
    } catch {
      // Unreadable hours fall back to the defaults below.
    }
  }
  return Object.entries(DEFAULT_HOURS);
}

/**
 * A shop's hours labels written in another language (docs/decisions/0050-content-languages.md):
 * JSON text of stored label → its words in that language ('Monday - Friday' → 'Lunes a viernes').
 * The stored labels stay what 'Open now' reads; null when the text is not such an object.
 */
export function readHoursLabels(text: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    return entries.every(([, label]) => typeof label === 'string')
      ? Object.fromEntries(entries as [string, string][])
      : null;
  } catch {
    return null;
  }
}

/**
 * The labels of these hours worth keeping as their JSON text: those written (trimmed) for a label
 * the hours still have; undefined when none is left.
 */
export function keptHoursLabels(
  labels: Record<string, string>,
  hours: string | null,
): string | undefined {
  const kept = openingHours(hours).flatMap(([label]) => {
    const written = labels[label]?.trim();
    return written ? [[label, written] as const] : [];
  });
  return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : undefined;
}

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** 'Mon', 'monday', 'Tues', 'Thurs' → 1, 1, 2, 4; null for anything else. */
function dayIndex(word: string): number | null {
  const lower = word.trim().toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = DAY_NAMES.findIndex((name) => name.startsWith(lower));
  return index < 0 ? null : index;
}

/** The weekdays a label names: 'Monday - Friday', 'Sat & Sun', 'Daily', 'Weekends'; null if unreadable. */
export function daysOf(label: string): number[] | null {
  const lower = label.trim().toLowerCase();
  if (/^(daily|every ?day|mon(day)?\s*-\s*sun(day)?|all week)$/.test(lower)) return EVERY_DAY;
  if (lower === 'weekdays') return WEEKDAYS;
  if (lower === 'weekends') return [0, 6];
  const days = new Set<number>();
  for (const part of lower.split(/\s*(?:,|&|\band\b)\s*/)) {
    const range = part.split(/\s*(?:-|–|—|\bto\b)\s*/);
    if (range.length === 1) {
      const day = dayIndex(range[0]!);
      if (day === null) return null;
      days.add(day);
    } else if (range.length === 2) {
      const from = dayIndex(range[0]!);
      const to = dayIndex(range[1]!);
      if (from === null || to === null) return null;
      // A range may wrap past Saturday: 'Fri - Mon'.
      for (let day = from; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === to) break;
      }
    } else {
      return null;
    }
  }
  return days.size > 0 ? [...days] : null;
}

/** '6:30am', '7 AM', '12pm', '18:00', 'noon', 'midnight' → minutes after midnight; null if unreadable. */
function minutesOf(text: string): number | null {
  const lower = text.trim().toLowerCase().replaceAll('.', '');
  if (lower === 'noon') return 12 * 60;
  if (lower === 'midnight') return 0;
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(lower);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const meridiem = match[3];
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hours > 24 || (hours === 24 && minutes > 0)) {
    return null;
  }
  return (hours % 24) * 60 + minutes;
}

export type Opening =
  { kind: 'closed' } | { kind: 'all-day' } | { kind: 'hours'; from: number; to: number };

/** '6:30am - 8:00pm', '7am to 3pm', 'Closed', 'Open 24 hours'; null if unreadable. */
export function openingOf(range: string): Opening | null {
  const lower = range.trim().toLowerCase();
  if (lower === 'closed') return { kind: 'closed' };
  if (/^(open )?24 ?(hours|hrs|h)$/.test(lower)) return { kind: 'all-day' };
  const parts = lower.split(/\s*(?:-|–|—|\bto\b)\s*/);
  if (parts.length !== 2) return null;
  const from = minutesOf(parts[0]!);
  const to = minutesOf(parts[1]!);
  if (from === null || to === null) return null;
  return from === to ? { kind: 'all-day' } : { kind: 'hours', from, to };
}

/** The weekday (0 = Sunday) and minutes after midnight of an instant on the clocks of a time zone. */
function localTime(now: Date, timeZone: string): { day: number; minutes: number } {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return {
    day: dayIndex(part('weekday')) ?? 0,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * Whether the shop is open at `now` on the clocks of `timeZone`. A range that ends at or before
 * it starts ('6pm - 2am') runs past midnight into the next day.
 */
export function openNow(hours: [string, string][], now: Date, timeZone: string): OpenNow {
  const { day, minutes } = localTime(now, timeZone);
  const yesterday = (day + 6) % 7;
  let readable = false;
  for (const [label, range] of hours) {
    const days = daysOf(label);
    const opening = openingOf(range);
    if (!days || !opening) continue;
    readable = true;
    if (opening.kind === 'closed') continue;
    if (opening.kind === 'all-day') {
      if (days.includes(day)) return 'open';
      continue;
    }
    const { from, to } = opening;
    if (from < to) {
      if (days.includes(day) && minutes >= from && minutes < to) return 'open';
    } else {
      if (days.includes(day) && minutes >= from) return 'open';
      if (days.includes(yesterday) && minutes < to) return 'open';
    }
  }
  return readable ? 'closed' : 'unknown';
}

/**
 * 390 → '6:30 AM', 720 → '12:00 PM', 0 → '12:00 AM'; in another language, that language's way
 * ('6:30 a.m.').
 */
function clockTime(minutes: number, intl: IntlShape): string {
  const hours = Math.floor(minutes / 60);
  if (!inSourceLanguage(intl)) {
    return intl.formatTime(Date.UTC(2000, 0, 1, hours, minutes % 60), {
      timeZone: 'UTC',
      hour: 'numeric',
      minute: '2-digit',
    });
  }
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A weekday's name (0 = Sunday) in the page's language: 'Mon', 'lunes'. */
function dayName(day: number, width: 'short' | 'long', intl: IntlShape): string {
  // 2000-01-02 was a Sunday.
  return intl.formatDate(Date.UTC(2000, 0, 2 + day), { timeZone: 'UTC', weekday: width });
}

/**
 * When a shop that is closed at `now` opens next, on the clocks of `timeZone`: 'Opens 6:30 AM'
 * (later today), 'Opens tomorrow 7:00 AM', 'Opens Mon 6:30 AM'; in the page's language with its
 * `intl` ('Abre el lunes a las 6:30 a.m.'). Null when its hours name no opening in the week
 * ahead, or cannot be read.
 */
export function nextOpening(
  hours: [string, string][],
  now: Date,
  timeZone: string,
  intl: IntlShape = sourceIntl(),
): string | null {
  const { day, minutes } = localTime(now, timeZone);
  for (let inDays = 0; inDays < 8; inDays += 1) {
    const weekday = (day + inDays) % 7;
    let earliest: number | null = null;
    for (const [label, range] of hours) {
      const opening = openingOf(range);
      if (!opening || opening.kind === 'closed' || !daysOf(label)?.includes(weekday)) continue;
      const start = opening.kind === 'all-day' ? 0 : opening.from;
      if (inDays === 0 && start <= minutes) continue;
      if (earliest === null || start < earliest) earliest = start;
    }
    if (earliest === null) continue;
    return intl.formatMessage(
      {
        id: 'hours.opens',
        defaultMessage:
          '{when, select, today {Opens {time}} tomorrow {Opens tomorrow {time}} other {Opens {day} {time}}}',
      },
      {
        when: inDays === 0 ? 'today' : inDays === 1 ? 'tomorrow' : 'later',
        day: dayName(weekday, inSourceLanguage(intl) ? 'short' : 'long', intl),
        time: clockTime(earliest, intl),
      },
    );
  }
  return null;
}

/** The words of hours shown in another language than the code's English. */
const shownWords = {
  fromTo: (intl: IntlShape, from: string, to: string) =>
    intl.formatMessage({ id: 'hours.fromTo', defaultMessage: '{from} - {to}' }, { from, to }),
  everyDay: (intl: IntlShape) =>
    intl.formatMessage({ id: 'hours.everyDay', defaultMessage: 'Every day' }),
  closed: (intl: IntlShape) => intl.formatMessage({ id: 'hours.closed', defaultMessage: 'Closed' }),
  allDay: (intl: IntlShape) =>
    intl.formatMessage({ id: 'hours.allDay', defaultMessage: 'Open 24 hours' }),
};

/** The days a label names in the page's language ('Lunes a viernes'); null if unreadable. */
function shownDays(label: string, intl: IntlShape): string | null {
  const days = daysOf(label);
  if (!days) return null;
  if (new Set(days).size === 7) return shownWords.everyDay(intl);
  // Monday first, as the labels are written.
  const mondayFirst = [...new Set(days.map((one) => (one + 6) % 7))].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const one of mondayFirst) {
    const last = runs.at(-1);
    if (last && last[1] === one - 1) last[1] = one;
    else runs.push([one, one]);
  }
  const name = (mondayIndex: number) => dayName((mondayIndex + 1) % 7, 'long', intl);
  // Two days in a row are named each ('sábado y domingo'), three or more as a range.
  const text = intl.formatList(
    runs.flatMap(([first, last]) =>
      first === last
        ? [name(first)]
        : last === first + 1
          ? [name(first), name(last)]
          : [shownWords.fromTo(intl, name(first), name(last))],
    ),
  );
  return text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1);
}

/** A range in the page's language ('6:30 a.m. a 8:00 p.m.', 'Cerrado'); null if unreadable. */
function shownRange(range: string, intl: IntlShape): string | null {
  const opening = openingOf(range);
  if (!opening) return null;
  if (opening.kind === 'closed') return shownWords.closed(intl);
  if (opening.kind === 'all-day') return shownWords.allDay(intl);
  return shownWords.fromTo(intl, clockTime(opening.from, intl), clockTime(opening.to, intl));
}

/**
 * Stored hours as a page shows them, label and range: a label the organizer wrote in the reader's
 * language (`labels`, docs/decisions/0050) in those words; otherwise in the code's English as the
 * organizer wrote them, and in another language (its `intl`) each label and range this can read
 * in that language's words ('Lunes a viernes', '6:30 a.m. a 8:00 p.m.', 'Cerrado'), anything
 * else as written.
 */
export function shownHours(
  hours: string | null,
  labels: Record<string, string> | undefined,
  intl: IntlShape = sourceIntl(),
): [string, string][] {
  const inSource = inSourceLanguage(intl);
  return openingHours(hours).map(([label, range]) => [
    labels?.[label] ?? (inSource ? label : (shownDays(label, intl) ?? label)),
    inSource ? range : (shownRange(range, intl) ?? range),
  ]);
}

/** 'Open now' for a shop as its page shows it: its hours (or the defaults) on the challenge's clock. */
export function shopOpenNow(shop: { hours: string | null }, now: Date, timeZone: string): OpenNow {
  return openNow(openingHours(shop.hours), now, timeZone);
}

/**
 * The shop dialog's per-day hours picker (docs/decisions/0024-imports-that-explain.md): a week of
 * open/closed days with from/to times, read from and written to the stored format unchanged, a
 * JSON object of label to range ('Monday - Friday' → '6:30am - 8:00pm').
 */
export interface DayHours {
  open: boolean;
  /** 'HH:MM' on a 24-hour clock, as a time input gives it; '' while not chosen. */
  from: string;
  to: string;
}

/** Monday first, as a shop's week is usually written; index 0 is Monday. */
export const WEEK_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const closedDay = (): DayHours => ({ open: false, from: '', to: '' });

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Gives these days (0 = Sunday, as daysOf counts) of a Monday-first week this opening. */
function setDays(week: DayHours[], days: number[], opening: Opening) {
  for (const day of days) {
    week[(day + 6) % 7] =
      opening.kind === 'closed'
        ? closedDay()
        : opening.kind === 'all-day'
          ? { open: true, from: '00:00', to: '00:00' }
          : { open: true, from: clock(opening.from), to: clock(opening.to) };
  }
}

/**
 * The week stored hours describe; `readable` is false when an entry is not a day label and range
 * the picker understands (those entries are left out of the week).
 */
export function weekFromHours(hours: string): { week: DayHours[]; readable: boolean } {
  const week = WEEK_DAYS.map(closedDay);
  let entries: [string, unknown][];
  try {
    const parsed: unknown = JSON.parse(hours);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { week, readable: false };
    }
    entries = Object.entries(parsed);
  } catch {
    return { week, readable: false };
  }
  let readable = true;
  for (const [label, range] of entries) {
    const days = daysOf(label);
    const opening = typeof range === 'string' ? openingOf(range) : null;
    if (!days || !opening) {
      readable = false;
      continue;
    }
    setDays(week, days, opening);
  }
  return { week, readable };
}

/** '06:30' → '6:30am', '20:00' → '8:00pm', as the demo shops write times. */
export function spokenTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;
}

/** What is missing from a week before it can be saved, e.g. 'Choose when Monday opens and closes'. */
export function weekError(week: DayHours[]): string | null {
  const missing = week.findIndex((day) => day.open && (!day.from || !day.to));
  return missing < 0
    ? null
    : `Choose when ${WEEK_DAYS[missing]} opens and closes, or mark it closed`;
}

/**
 * The stored JSON of a week: runs of consecutive days with the same hours share one label
 * ('Monday - Friday'), closed days say 'Closed'.
 */
export function hoursFromWeek(week: DayHours[]): string {
  return JSON.stringify(
    Object.fromEntries(
      runsOf(week, ' - ').map(({ first, last, range }) => [
        first === last ? WEEK_DAYS[first]! : `${WEEK_DAYS[first]!} - ${WEEK_DAYS[last]!}`,
        range,
      ]),
    ),
  );
}

/** Runs of consecutive days with the same hours: their first and last index and their range. */
function runsOf(week: DayHours[], dash: string): { first: number; last: number; range: string }[] {
  const range = (day: DayHours) =>
    day.open ? `${spokenTime(day.from)}${dash}${spokenTime(day.to)}` : 'Closed';
  const runs: { first: number; last: number; range: string }[] = [];
  let first = 0;
  for (let index = 1; index <= week.length; index += 1) {
    if (index < week.length && range(week[index]!) === range(week[first]!)) continue;
    runs.push({ first, last: index - 1, range: range(week[first]!) });
    first = index;
  }
  return runs;
}

const SHORT_WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * A week in the words the picker shows under its days and a CSV import takes: runs of days with
 * the same hours joined, ranges separated by '; ' ('Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm;
 * Sun Closed'). Null while a day is open without both times.
 */
export function hoursWords(week: DayHours[]): string | null {
  if (weekError(week)) return null;
  return runsOf(week, '-')
    .map(({ first, last, range }) => {
      const days =
        first === last
          ? SHORT_WEEK_DAYS[first]!
          : `${SHORT_WEEK_DAYS[first]!}-${SHORT_WEEK_DAYS[last]!}`;
      return `${days} ${range}`;
    })
    .join('; ');
}

/** Days, then their hours: 'Mon-Fri 6:30am-8:00pm', 'Sat & Sun: 8am-6pm', 'Sun Closed'. */
const DAYS_THEN_RANGE = /^(\D+?)\s*:?\s*((?:\d|noon\b|midnight\b|closed\b|open\b).*)$/i;

/**
 * The week that words like the picker's describe, or the first part that cannot be read. Parts
 * are separated by ';', line breaks, or a comma after a range ('Sat 7am-3pm, Sun Closed'); days
 * no part names are closed, and a day named twice takes its last hours ('Daily 7am-7pm; Sun
 * Closed').
 */
export function weekFromWords(
  text: string,
): { ok: true; week: DayHours[] } | { ok: false; part: string } {
  const parts = text
    .split(/\s*(?:[;\r\n]|(?<=am|pm|\d|closed|hours|hrs|noon|midnight),)\s*/i)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, part: text.trim() };
  const week = WEEK_DAYS.map(closedDay);
  for (const part of parts) {
    const match = DAYS_THEN_RANGE.exec(part);
    const days = match ? daysOf(match[1]!) : null;
    const opening = match ? openingOf(match[2]!) : null;
    if (!days || !opening) return { ok: false, part };
    setDays(week, days, opening);
  }
  return { ok: true, week };
}
