import { describe, expect, it } from 'vitest';
import { challengeCardState, challengeTiming } from './challenge-timing.ts';

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

describe('challengeCardState', () => {
  const published = { ...challenge, active: true };
  const at = (iso: string) => Date.parse(iso);

  it("names the phase of a published challenge: the spec's Active only while it runs", () => {
    expect(challengeCardState(published, at('2025-06-29T00:00:00.000Z'))).toEqual({
      label: 'Upcoming',
      color: 'blue.8',
      note: 'Starts in 2 days',
    });
    expect(challengeCardState(published, at('2025-07-16T00:00:00.000Z'))).toEqual({
      label: 'Active',
      color: 'teal.9',
      note: '15 days remaining',
    });
    expect(challengeCardState(published, at('2025-08-01T00:00:00.000Z'))).toEqual({
      label: 'Ended',
      color: 'gray.7',
      note: 'Ended',
    });
  });

  it('says Unpublished for a challenge that is not active, whatever its dates', () => {
    const state = challengeCardState(
      { ...challenge, active: false },
      at('2025-07-16T00:00:00.000Z'),
    );
    expect(state.label).toBe('Unpublished');
    expect(state.note).toBe('15 days remaining');
  });
});
