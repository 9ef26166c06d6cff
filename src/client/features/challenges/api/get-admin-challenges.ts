import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChallengeDto } from '#shared/challenges.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

export function getAdminChallenges(signal?: AbortSignal) {
  return api.get<AdminChallengeDto[]>(endpoints.adminChallenges.path, { signal });
}

export const adminChallengesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.challenges,
    queryFn: ({ signal }) => getAdminChallenges(signal),
  });

/** Every challenge, newest start first (organizers only). */
export function useAdminChallenges() {
  return useQuery(adminChallengesQueryOptions());
}
