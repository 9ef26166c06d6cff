import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a datetime-local input holds: a wall-clock minute without a zone. */
export const WALL_CLOCK_FORMAT = 'YYYY-MM-DDTHH:mm';

/** The wall-clock minute an instant shows in an IANA zone (docs/RULES.md rule 15). */
export function toWallClock(instant: string | Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(WALL_CLOCK_FORMAT);
}

/** The day an instant falls on in an IANA zone, as the organizer's lists show it ('Nov 5, 2026'). */
export function toWallClockDate(instant: string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('MMM D, YYYY');
}

/**
 * The instant a wall-clock minute names in an IANA zone, whatever zone the browser is in; the
 * zone's rules (daylight saving included) come from Intl through dayjs's timezone plugin.
 */
export function fromWallClock(wallClock: string, timeZone: string): string {
  return dayjs.tz(wallClock, timeZone).toISOString();
}

/** A day's first minute or last minute in a zone, `days` days from today there. */
export function wallClockDay(timeZone: string, days: number, edge: 'start' | 'end'): string {
  const day = dayjs().tz(timeZone).add(days, 'day');
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).format(WALL_CLOCK_FORMAT);
}

/** The browser's own zone: the default for a new challenge until the organizer picks its city's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every IANA zone the browser knows, with the given one kept even if the list lacks it (e.g. UTC). */
export function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}
