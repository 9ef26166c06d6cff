import { queryOptions, useQuery } from '@tanstack/react-query';
import { challengeSchema, type ChallengeDto } from '#shared/challenges.ts';
import { api, isApiError } from '#client/lib/api.ts';

/** The challenge on sale (rule 1), or null when there is none (404 is an answer). */
export async function getActiveChallenge(signal?: AbortSignal): Promise<ChallengeDto | null> {
  try {
    return await api.get('/api/challenge/active', { schema: challengeSchema, signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const activeChallengeQueryOptions = () =>
  queryOptions({
    queryKey: ['challenge', 'active'] as const,
    queryFn: ({ signal }) => getActiveChallenge(signal),
  });

export function useActiveChallenge() {
  return useQuery(activeChallengeQueryOptions());
}
