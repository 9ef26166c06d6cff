import { daysOf, openingOf } from './open-now.ts';

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
    for (const day of days) {
      // open-now counts Sunday as 0; the picker's week starts on Monday.
      const index = (day + 6) % 7;
      week[index] =
        opening.kind === 'closed'
          ? closedDay()
          : opening.kind === 'all-day'
            ? { open: true, from: '00:00', to: '00:00' }
            : { open: true, from: clock(opening.from), to: clock(opening.to) };
    }
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
  const range = (day: DayHours) =>
    day.open ? `${spokenTime(day.from)} - ${spokenTime(day.to)}` : 'Closed';
  const entries: [string, string][] = [];
  let start = 0;
  for (let index = 1; index <= week.length; index += 1) {
    if (index < week.length && range(week[index]!) === range(week[start]!)) continue;
    const label =
      index - 1 === start ? WEEK_DAYS[start]! : `${WEEK_DAYS[start]!} - ${WEEK_DAYS[index - 1]!}`;
    entries.push([label, range(week[start]!)]);
    start = index;
  }
  return JSON.stringify(Object.fromEntries(entries));
}
