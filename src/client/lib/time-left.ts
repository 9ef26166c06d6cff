const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const COUNTDOWN_TICK_MS = SECOND;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds until `end`; all zero once it has passed (docs/RULES.md rule 11). */
export function timeLeft(end: Date, now: Date): TimeLeft {
  const ms = Math.max(0, end.getTime() - now.getTime());
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
    seconds: Math.floor((ms % MINUTE) / SECOND),
  };
}

/** How a countdown writes one unit: two digits at least. */
export const countdownDigits = (value: number) => String(value).padStart(2, '0');
