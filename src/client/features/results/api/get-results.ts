import { useQuery } from '@tanstack/react-query';
import type { Results } from '#shared/results.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

/** The counted votes anyone may download once the battle has ended. */
export const publicVotesCsvUrl = (challengeId: number | string) =>
  endpointPath(endpoints.publishedVotesCsv, { id: challengeId });

/** A revealed draw's entries file (docs/RULES.md rule 19). */
export const drawEntriesCsvUrl = (drawId: number) =>
  endpointPath(endpoints.drawEntriesCsv, { id: drawId });

/** An ended battle's published results; a 409 before the end says when they come. */
export function useResults(challengeId: string) {
  return useQuery({
    queryKey: queryKeys.results(challengeId),
    queryFn: ({ signal }) =>
      api.get<Results>(endpointPath(endpoints.results, { id: challengeId }), { signal }),
    retry: false,
  });
}
