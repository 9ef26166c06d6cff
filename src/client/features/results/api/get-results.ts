import { useQuery } from '@tanstack/react-query';
import type { Results } from '#shared/results.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The counted votes anyone may download once the battle has ended. */
export const publicVotesCsvUrl = (challengeId: number | string) =>
  `/api/challenges/${challengeId}/votes.csv`;

/** A revealed draw's entries file (docs/RULES.md rule 19). */
export const drawEntriesCsvUrl = (drawId: number) => `/api/draws/${drawId}/entries.csv`;

/** An ended battle's published results; a 409 before the end says when they come. */
export function useResults(challengeId: string) {
  return useQuery({
    queryKey: queryKeys.results(challengeId),
    queryFn: ({ signal }) => api.get<Results>(`/api/challenges/${challengeId}/results`, { signal }),
    retry: false,
  });
}
