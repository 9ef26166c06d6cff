import { describe, expect, it } from 'vitest';
import { fromWallClock, timeZoneChoices, toWallClock } from './zoned-time.ts';

describe("a challenge's wall clock (docs/RULES.md rule 15)", () => {
  it('names the same instants on both sides of a daylight saving change', () => {
    // New York: EDT (-4) until 2026-11-01 02:00, EST (-5) after; EDT again from 2027-03-14.
    expect(fromWallClock('2026-10-20T00:00', 'America/New_York')).toBe('2026-10-20T04:00:00.000Z');
    expect(fromWallClock('2026-11-05T09:00', 'America/New_York')).toBe('2026-11-05T14:00:00.000Z');
    expect(fromWallClock('2027-03-20T21:00', 'America/New_York')).toBe('2027-03-21T01:00:00.000Z');
    expect(toWallClock('2026-11-05T14:00:00.000Z', 'America/New_York')).toBe('2026-11-05T09:00');
    expect(toWallClock('2026-10-20T04:00:00.000Z', 'America/New_York')).toBe('2026-10-20T00:00');
    expect(toWallClock('2026-10-20T04:00:00.000Z', 'Asia/Tokyo')).toBe('2026-10-20T13:00');
  });

  it('round-trips every minute it shows', () => {
    for (const instant of ['2026-03-08T06:59:00.000Z', '2026-03-08T07:00:00.000Z']) {
      expect(fromWallClock(toWallClock(instant, 'America/New_York'), 'America/New_York')).toBe(
        instant,
      );
    }
  });

  it('offers every zone the runtime knows, and keeps the current one', () => {
    expect(timeZoneChoices('America/New_York')).toContain('Asia/Tokyo');
    expect(timeZoneChoices('UTC')).toContain('UTC');
  });
});
