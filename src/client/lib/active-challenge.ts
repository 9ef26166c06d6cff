import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeDto } from '#shared/challenges.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api, isApiError } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The public challenge (docs/RULES.md rule 1), or null when there is none (a 404 is not an error). */
export async function getActiveChallenge(signal?: AbortSignal): Promise<ChallengeDto | null> {
  try {
    return await api.get<ChallengeDto>('/api/challenge/active', { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** docs/SPEC.md section 7: cached 60 s, one retry. */
export const activeChallengeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeChallenge,
    queryFn: ({ signal }) => getActiveChallenge(signal),
    staleTime: PUBLIC_DATA_STALE_MS,
    retry: 1,
  });

export function useActiveChallenge() {
  return useQuery(activeChallengeQueryOptions());
}
