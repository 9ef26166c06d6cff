import { useQuery } from '@tanstack/react-query';
import type { ChallengeDto } from '#shared/challenges.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Every published challenge (docs/GLOSSARY.md), earliest start first: the schedule of /battles. */
export function usePublishedChallenges() {
  return useQuery({
    queryKey: queryKeys.publishedChallenges,
    queryFn: ({ signal }) =>
      api.get<ChallengeDto[]>(endpoints.publishedChallenges.path, { signal }),
    staleTime: PUBLIC_DATA_STALE_MS,
    retry: 1,
  });
}
