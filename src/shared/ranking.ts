/**
 * docs/RULES.md rule 10: a shop's rank is 1 + the number of shops of its challenge with more votes
 * (ties share a rank); percentages are whole numbers, 0 when nobody has voted.
 */
export function rankOf(votes: number, allVotes: readonly number[]): number {
  return 1 + allVotes.filter((other) => other > votes).length;
}

/**
 * docs/RULES.md rule 14: the rank a shop shows, or null when it has no votes (no badge, no medal),
 * so a battle that has just begun does not crown every shop '#1'.
 */
export function shownRank(standing: { rank: number; votes: number }): number | null {
  return standing.votes > 0 ? standing.rank : null;
}

/** Shop id → shown rank (rule 14), from public vote counts; a missing count is 0 votes. */
export function shownRanksById(
  votesById: Readonly<Record<string, number>>,
  ids: readonly number[],
) {
  const all = ids.map((id) => votesById[id] ?? 0);
  return Object.fromEntries(
    ids.map((id) => {
      const votes = votesById[id] ?? 0;
      return [id, shownRank({ rank: rankOf(votes, all), votes })];
    }),
  ) as Record<number, number | null>;
}

export function percentOf(votes: number, total: number): number {
  return total > 0 ? Math.round((votes / total) * 100) : 0;
}
