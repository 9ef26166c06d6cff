import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeDto } from '#shared/challenges.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api, isApiError } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The current battle (docs/GLOSSARY.md), or null when there is none (a 404 is not an error). */
export async function getCurrentBattle(signal?: AbortSignal): Promise<ChallengeDto | null> {
  try {
    return await api.get<ChallengeDto>(endpoints.activeChallenge.path, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** docs/SPEC.md section 7: cached 60 s, one retry. */
export const currentBattleQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentBattle,
    queryFn: ({ signal }) => getCurrentBattle(signal),
    staleTime: PUBLIC_DATA_STALE_MS,
    retry: 1,
  });

export function useCurrentBattle() {
  return useQuery(currentBattleQueryOptions());
}
