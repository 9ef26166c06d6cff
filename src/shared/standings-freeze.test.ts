import { describe, expect, it } from 'vitest';
import { standingsFreezeAt, standingsFrozen } from './challenges.ts';

const challenge = { endDate: '2026-12-12T18:00:00.000Z', standingsFreezeHours: 6 };
const at = (iso: string) => new Date(iso);

describe('standings freeze (docs/RULES.md rule 18)', () => {
  it('starts N hours before the end and lasts until it has ended (after the end instant)', () => {
    expect(standingsFreezeAt(challenge)).toEqual(at('2026-12-12T12:00:00.000Z'));
    expect(standingsFrozen(challenge, at('2026-12-12T11:59:59.999Z'))).toBe(false);
    expect(standingsFrozen(challenge, at('2026-12-12T12:00:00.000Z'))).toBe(true);
    expect(standingsFrozen(challenge, at('2026-12-12T17:59:59.999Z'))).toBe(true);
    // At the end instant votes still count (hasEnded), so the public still sees the freeze.
    expect(standingsFrozen(challenge, at('2026-12-12T18:00:00.000Z'))).toBe(true);
    expect(standingsFrozen(challenge, at('2026-12-12T18:00:00.001Z'))).toBe(false);
  });

  it('is off at 0 hours', () => {
    const off = { ...challenge, standingsFreezeHours: 0 };
    expect(standingsFreezeAt(off)).toBeNull();
    expect(standingsFrozen(off, at('2026-12-12T17:59:59.999Z'))).toBe(false);
  });
});
