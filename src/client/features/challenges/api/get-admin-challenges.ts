import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { challengeSchema } from '#shared/challenges.ts';
import { api } from '#client/lib/api.ts';
import { adminKey } from '#client/lib/query-client.ts';

export const adminChallengesQueryKey = adminKey('challenges');

export function getAdminChallenges(signal?: AbortSignal) {
  return api.get('/api/admin/challenges', { schema: z.array(challengeSchema), signal });
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
