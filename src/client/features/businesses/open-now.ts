import { openingHours } from '#client/lib/opening-hours.ts';

/**
 * 'Open now' from a shop's opening hours (docs/decisions/0019-server-rendered-public-pages-and-offline-pass.md). Hours are free text the organizer typed as
 * label → range ('Monday - Friday' → '6:30am - 8:00pm'), so entries this cannot read are left
 * out, and a shop with no readable entry gets no indicator at all rather than a guess.
 */
export type OpenNow = 'open' | 'closed' | 'unknown';

export { openingHours };

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

type Opening =
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
  const parts = new Intl.DateTimeFormat('en-US', {
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

const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 390 → '6:30 AM', 720 → '12:00 PM', 0 → '12:00 AM'. */
function clockTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * When a shop that is closed at `now` opens next, on the clocks of `timeZone`: 'Opens 6:30 AM'
 * (later today), 'Opens tomorrow 7:00 AM', 'Opens Mon 6:30 AM'; null when its hours name no
 * opening in the week ahead, or cannot be read.
 */
export function nextOpening(hours: [string, string][], now: Date, timeZone: string): string | null {
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
    const when = inDays === 0 ? '' : inDays === 1 ? 'tomorrow ' : `${SHORT_DAY_NAMES[weekday]!} `;
    return `Opens ${when}${clockTime(earliest)}`;
  }
  return null;
}

/** 'Open now' for a shop as its page shows it: its hours (or the defaults) on the challenge's clock. */
export function shopOpenNow(shop: { hours: string | null }, now: Date, timeZone: string): OpenNow {
  return openNow(openingHours(shop.hours), now, timeZone);
}
