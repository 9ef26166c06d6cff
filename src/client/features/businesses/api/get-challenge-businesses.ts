import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBusiness } from '#shared/businesses.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function getChallengeBusinesses(challengeId: number, signal?: AbortSignal) {
  return api.get<AdminBusiness[]>(`/api/admin/challenges/${challengeId}/businesses`, { signal });
}

/** A challenge's live shops with their codes (organizers only); idle without a challenge. */
export function useChallengeBusinesses(challengeId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.challengeBusinesses(challengeId ?? 0),
      queryFn: ({ signal }) => getChallengeBusinesses(challengeId ?? 0, signal),
      enabled: challengeId !== null,
    }),
  );
}
