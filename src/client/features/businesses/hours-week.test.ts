import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '#shared/constants.ts';
import { hoursFromWeek, weekError, weekFromHours } from './hours-week.ts';
import { openNow } from './open-now.ts';

const open = (from: string, to: string) => ({ open: true, from, to });
const closed = { open: false, from: '', to: '' };

describe('the per-day hours picker', () => {
  it('reads the default hours as a week and writes them back in the same form', () => {
    const { week, readable } = weekFromHours(JSON.stringify(DEFAULT_HOURS));
    expect(readable).toBe(true);
    expect(week).toEqual([
      ...Array.from({ length: 5 }, () => open('06:30', '20:00')),
      open('07:00', '20:00'),
      open('08:00', '18:00'),
    ]);
    expect(JSON.parse(hoursFromWeek(week))).toEqual(DEFAULT_HOURS);
  });

  it('joins runs of equal days, says Closed, and writes what open-now reads', () => {
    const week = [
      open('07:00', '15:00'),
      open('07:00', '15:00'),
      closed,
      open('07:00', '15:00'),
      open('07:00', '22:30'),
      open('18:00', '02:00'),
      closed,
    ];
    const stored = hoursFromWeek(week);
    expect(JSON.parse(stored)).toEqual({
      'Monday - Tuesday': '7:00am - 3:00pm',
      Wednesday: 'Closed',
      Thursday: '7:00am - 3:00pm',
      Friday: '7:00am - 10:30pm',
      Saturday: '6:00pm - 2:00am',
      Sunday: 'Closed',
    });
    expect(weekFromHours(stored)).toEqual({ week, readable: true });
    const entries = Object.entries(JSON.parse(stored) as Record<string, string>);
    // Wednesday 2026-11-25 noon and Sunday 2026-11-29 1am (Saturday's late hours), in UTC.
    expect(openNow(entries, new Date('2026-11-25T12:00:00Z'), 'UTC')).toBe('closed');
    expect(openNow(entries, new Date('2026-11-29T01:00:00Z'), 'UTC')).toBe('open');
  });

  it('says when it cannot read stored hours, and what a day still needs', () => {
    expect(weekFromHours('{"Holidays": "Closed"}').readable).toBe(false);
    expect(weekFromHours('not json').readable).toBe(false);
    const week = weekFromHours(JSON.stringify(DEFAULT_HOURS)).week;
    expect(weekError(week)).toBeNull();
    week[2] = { open: true, from: '09:00', to: '' };
    expect(weekError(week)).toBe('Choose when Wednesday opens and closes, or mark it closed');
  });
});
