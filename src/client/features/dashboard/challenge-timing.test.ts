import { describe, expect, it } from 'vitest';
import { challengeTiming } from './challenge-timing.ts';

const challenge = { startDate: '2025-07-01T00:00:00.000Z', endDate: '2025-07-31T00:00:00.000Z' };

describe('challengeTiming', () => {
  it('rounds days remaining up and the elapsed share to a whole percent', () => {
    expect(challengeTiming(challenge, Date.parse('2025-07-16T00:00:00.000Z'))).toEqual({
      percentElapsed: 50,
      daysRemaining: 15,
    });
    expect(challengeTiming(challenge, Date.parse('2025-07-30T23:00:00.000Z')).daysRemaining).toBe(
      1,
    );
  });

  it('stays within 0-100% and never counts below 0 days', () => {
    expect(challengeTiming(challenge, Date.parse('2025-06-01T00:00:00.000Z'))).toEqual({
      percentElapsed: 0,
      daysRemaining: 60,
    });
    expect(challengeTiming(challenge, Date.parse('2025-08-05T00:00:00.000Z'))).toEqual({
      percentElapsed: 100,
      daysRemaining: 0,
    });
  });
});
