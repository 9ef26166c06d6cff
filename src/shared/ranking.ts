/**
 * docs/RULES.md rule 10: a shop's rank is 1 + the number of shops of its challenge with more votes
 * (ties share a rank); percentages are whole numbers, 0 when nobody has voted.
 */
export function rankOf(votes: number, allVotes: readonly number[]): number {
  return 1 + allVotes.filter((other) => other > votes).length;
}

export function ranksById(votesById: Readonly<Record<string, number>>, ids: readonly number[]) {
  const all = ids.map((id) => votesById[id] ?? 0);
  return Object.fromEntries(ids.map((id) => [id, rankOf(votesById[id] ?? 0, all)])) as Record<
    number,
    number
  >;
}

export function percentOf(votes: number, total: number): number {
  return total > 0 ? Math.round((votes / total) * 100) : 0;
}
