import { describe, expect, it } from 'vitest';
import { challengeDays, codeChangesAt, formatChallengeDates, shopTime } from './date-range.ts';

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

  it('writes a one-day battle as one date', () => {
    expect(formatChallengeDates('2025-07-04T14:00:00Z', '2025-07-04T22:00:00Z', 'UTC')).toBe(
      'July 4, 2025',
    );
  });
});

describe("shopTime and codeChangesAt: times on the shop's clock", () => {
  it("show times in the challenge's time zone", () => {
    expect(shopTime('2026-11-22T15:05:00.000Z', 'America/Chicago')).toBe('9:05 AM');
    expect(shopTime('2026-11-22T15:05:00.000Z', 'Europe/Berlin', true)).toBe('Nov 22, 4:05 PM');
  });

  it('say when a rotating code changes: the date for a daily code, the time for an hourly one', () => {
    const validUntil = '2026-11-23T06:00:00.000Z';
    expect(codeChangesAt({ code: '1234', rotation: 'daily', validUntil }, 'America/Chicago')).toBe(
      'Changes at Nov 23, 12:00 AM',
    );
    expect(codeChangesAt({ code: '1234', rotation: 'hourly', validUntil }, 'America/Chicago')).toBe(
      'Changes at 12:00 AM',
    );
    expect(codeChangesAt({ code: '1234', rotation: 'off', validUntil: null }, 'UTC')).toBeNull();
  });
});

describe('challengeDays', () => {
  it('counts the whole days a battle runs, rounding a partial day', () => {
    expect(challengeDays('2026-11-01T06:00:00Z', '2026-12-01T06:00:00Z')).toBe(30);
    expect(challengeDays('2026-07-01T05:00:00Z', '2026-08-01T04:59:59Z')).toBe(31);
    expect(challengeDays('2026-07-01T05:00:00Z', '2026-07-01T09:00:00Z')).toBe(1);
  });
});
