import { describe, expect, it } from 'vitest';
import { challengePhase, hasEnded, nextPhaseChange } from './challenge-phase.ts';

const challenge = { startDate: '2026-11-12T15:00:00.000Z', endDate: '2026-12-12T15:00:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('challengePhase', () => {
  it('is upcoming before the start, running from start to end, ended after the end', () => {
    expect(challengePhase(challenge, at('2026-11-12T14:59:59.999Z'))).toBe('upcoming');
    expect(challengePhase(challenge, at('2026-11-12T15:00:00.000Z'))).toBe('running');
    expect(challengePhase(challenge, at('2026-12-12T15:00:00.000Z'))).toBe('running');
    expect(challengePhase(challenge, at('2026-12-12T15:00:00.001Z'))).toBe('ended');
  });

  it('has ended only after the end instant: a vote at the end instant still counts', () => {
    expect(hasEnded(challenge, at('2026-12-12T15:00:00.000Z'))).toBe(false);
    expect(hasEnded(challenge, at('2026-12-12T15:00:00.001Z'))).toBe(true);
  });

  it('takes instants as dates, ISO strings or milliseconds alike', () => {
    const server = {
      startDate: new Date(challenge.startDate),
      endDate: new Date(challenge.endDate),
    };
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(challengePhase(server, now)).toBe('running');
    expect(challengePhase(challenge, new Date(now))).toBe('running');
  });

  it('tells when the phase changes next', () => {
    expect(nextPhaseChange(challenge, at('2026-11-01T00:00:00Z'))).toBe(
      Date.parse(challenge.startDate),
    );
    expect(nextPhaseChange(challenge, at('2026-12-01T00:00:00Z'))).toBe(
      Date.parse(challenge.endDate) + 1,
    );
    expect(nextPhaseChange(challenge, at('2026-12-13T00:00:00Z'))).toBeNull();
  });
});
