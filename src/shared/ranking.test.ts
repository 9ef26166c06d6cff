import { describe, expect, it } from 'vitest';
import { percentOf, rankOf, shownRank, shownRanksById } from './ranking.ts';

describe('ranking (docs/RULES.md rule 10)', () => {
  it('ranks by the number of shops with more votes, ties sharing a rank', () => {
    const votes = [10, 7, 7, 3, 0];
    expect(votes.map((v) => rankOf(v, votes))).toEqual([1, 2, 2, 4, 5]);
    expect(shownRanksById({ 1: 4, 2: 4, 3: 1 }, [1, 2, 3])).toEqual({ 1: 1, 2: 1, 3: 3 });
  });

  it('shows no rank for a shop without votes (rule 14)', () => {
    expect(shownRank({ rank: 1, votes: 0 })).toBeNull();
    expect(shownRank({ rank: 2, votes: 3 })).toBe(2);
    expect(shownRanksById({}, [1, 2])).toEqual({ 1: null, 2: null });
    expect(shownRanksById({ 1: 2 }, [1, 2, 3])).toEqual({ 1: 1, 2: null, 3: null });
  });

  it('gives whole percentages and 0% without votes', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
