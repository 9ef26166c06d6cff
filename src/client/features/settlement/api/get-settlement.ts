import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settlement } from '#shared/settlement.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

/** The exports are plain downloads: the admin session cookie goes with a link. */
export const settlementCsvUrl = (challengeId: number) =>
  endpointPath(endpoints.settlementCsv, { id: challengeId });
export const votesCsvUrl = (challengeId: number) =>
  endpointPath(endpoints.organizerVotesCsv, { id: challengeId });

export function getSettlement(challengeId: number, signal?: AbortSignal): Promise<Settlement> {
  return api.get<Settlement>(endpointPath(endpoints.settlement, { id: challengeId }), { signal });
}

export const settlementQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: queryKeys.admin.settlement(challengeId),
    queryFn: ({ signal }) => getSettlement(challengeId, signal),
    // Coupons keep being redeemed while a challenge runs: show the figures of this visit.
    staleTime: 0,
  });

/** What the program owes each shop of a challenge; idle without a challenge. */
export function useSettlement(challengeId: number | null) {
  return useQuery({ ...settlementQueryOptions(challengeId ?? 0), enabled: challengeId !== null });
}
