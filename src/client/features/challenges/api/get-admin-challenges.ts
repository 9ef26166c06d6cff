import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeDto } from '#shared/challenges.ts';
import { api } from '#client/lib/api.ts';
import { adminKey } from '#client/lib/query-client.ts';

export const adminChallengesQueryKey = adminKey('challenges');

export function getAdminChallenges(signal?: AbortSignal) {
  return api.get<ChallengeDto[]>('/api/admin/challenges', { signal });
}

export const adminChallengesQueryOptions = () =>
  queryOptions({
    queryKey: adminChallengesQueryKey,
    queryFn: ({ signal }) => getAdminChallenges(signal),
  });

/** Every challenge, newest start first (organizers only). */
export function useAdminChallenges() {
  return useQuery(adminChallengesQueryOptions());
}
