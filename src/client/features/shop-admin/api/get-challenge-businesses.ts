import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBusiness } from '#shared/businesses.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function getChallengeBusinesses(challengeId: number, signal?: AbortSignal) {
  return api.get<AdminBusiness[]>(endpointPath(endpoints.challengeShops, { id: challengeId }), {
    signal,
  });
}

/** Never refetch more often than this, even when the clocks disagree about a code's change. */
const MIN_CODE_REFRESH_MS = 30_000;

/**
 * How long until the first rotating code of the list changes, so the table shows the code the
 * counter accepts then; false while no code rotates.
 */
export function msUntilCodeChange(shops: AdminBusiness[] | undefined, now = Date.now()) {
  const changes = (shops ?? []).flatMap(({ currentCode }) =>
    currentCode.validUntil ? [Date.parse(currentCode.validUntil)] : [],
  );
  if (changes.length === 0) return false;
  return Math.max(Math.min(...changes) - now + 1000, MIN_CODE_REFRESH_MS);
}

/** A challenge's live shops with their codes (organizers only); idle without a challenge. */
export function useChallengeBusinesses(challengeId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.admin.challengeBusinesses(challengeId ?? 0),
      queryFn: ({ signal }) => getChallengeBusinesses(challengeId ?? 0, signal),
      enabled: challengeId !== null,
      refetchInterval: (query) => msUntilCodeChange(query.state.data),
    }),
  );
}
