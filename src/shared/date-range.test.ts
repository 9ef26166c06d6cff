import { describe, expect, it } from 'vitest';
import { challengeDays, formatChallengeDates, formatInstant, shopTime } from './date-range.ts';

describe('formatChallengeDates (docs/RULES.md rule 13)', () => {
  it('writes a battle within one month as the spec does', () => {
    expect(
      formatChallengeDates('2025-07-01T05:00:00Z', '2025-08-01T04:59:59Z', 'America/Chicago'),
    ).toBe('July 1-31, 2025');
  });

  it('names both months across months, and both years across years', () => {
    expect(
      formatChallengeDates('2026-11-12T15:00:00Z', '2026-12-12T15:00:00Z', 'America/Chicago'),
    ).toBe('Nov 12 - Dec 12, 2026');
    expect(
      formatChallengeDates('2026-12-20T15:00:00Z', '2027-01-10T15:00:00Z', 'America/Chicago'),
    ).toBe('Dec 20, 2026 - Jan 10, 2027');
  });

  it("reads the calendar of the challenge's time zone, not the viewer's", () => {
    // 03:00 UTC on July 1 is still June 30 in Chicago.
    expect(
      formatChallengeDates('2025-07-01T03:00:00Z', '2025-07-31T12:00:00Z', 'America/Chicago'),
    ).toBe('Jun 30 - Jul 31, 2025');
    expect(formatChallengeDates('2025-07-01T03:00:00Z', '2025-07-31T12:00:00Z', 'UTC')).toBe(
      'July 1-31, 2025',
    );
  });

  it("writes another language's range with plain spaces, as every browser's Intl does", () => {
    expect(
      formatChallengeDates('2027-01-06T18:00:00Z', '2027-02-05T18:00:00Z', 'UTC', 'es-US'),
    ).toBe('6 de ene – 5 de feb 2027');
  });

  it('writes a one-day battle as one date', () => {
    expect(formatChallengeDates('2025-07-04T14:00:00Z', '2025-07-04T22:00:00Z', 'UTC')).toBe(
      'July 4, 2025',
    );
  });
});

describe("shopTime: times on the shop's clock", () => {
  it("show times in the challenge's time zone", () => {
    expect(shopTime('2026-11-22T15:05:00.000Z', 'America/Chicago')).toBe('9:05 AM');
    expect(shopTime('2026-11-22T15:05:00.000Z', 'Europe/Berlin', true)).toBe('Nov 22, 4:05 PM');
  });

  it("show them in a page's language", () => {
    expect(shopTime('2026-11-22T15:05:00.000Z', 'America/Chicago', false, 'es-US')).toBe(
      '9:05 a.m.',
    );
    expect(shopTime('2026-11-22T15:05:00.000Z', 'Europe/Berlin', true, 'es-US')).toBe(
      '22 nov, 4:05 p.m.',
    );
  });
});

describe("formatInstant: an instant in words, in the challenge's time zone", () => {
  it('writes the time on the clock of the zone it is given, and names that zone', () => {
    const instant = '2026-07-01T16:00:00.000Z';
    expect(formatInstant(instant, 'America/Los_Angeles')).toBe('July 1, 2026 at 9:00 AM PDT');
    expect(formatInstant(instant, 'UTC')).toBe('July 1, 2026 at 4:00 PM UTC');
    expect(formatInstant(new Date(instant), 'America/New_York')).toBe(
      'July 1, 2026 at 12:00 PM EDT',
    );
  });

  it("gives the day alone on the zone's calendar, which may not be the UTC day", () => {
    // 02:00 UTC on March 1 is still February 28 in Chicago.
    const instant = '2026-03-01T02:00:00.000Z';
    expect(formatInstant(instant, 'America/Chicago', { time: false })).toBe('February 28, 2026');
    expect(formatInstant(instant, 'UTC', { time: false })).toBe('March 1, 2026');
  });
});

describe('challengeDays', () => {
  it('counts the whole days a battle runs, rounding a partial day', () => {
    expect(challengeDays('2026-11-01T06:00:00Z', '2026-12-01T06:00:00Z')).toBe(30);
    expect(challengeDays('2026-07-01T05:00:00Z', '2026-08-01T04:59:59Z')).toBe(31);
    expect(challengeDays('2026-07-01T05:00:00Z', '2026-07-01T09:00:00Z')).toBe(1);
  });
});
