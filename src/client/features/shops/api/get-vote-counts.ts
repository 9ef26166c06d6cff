import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoteCounts } from '#shared/businesses.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api } from '#client/lib/api.ts';
import { useLiveVoteCounts } from '#client/lib/live-vote-counts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Shop id → votes, for the rank badges on shop cards; the live stream keeps them current, and
 * while there is none (refused, or failing) they are polled instead.
 */
export function useVoteCounts({ enabled }: { enabled: boolean }) {
  const live = useLiveVoteCounts({ enabled });
  return useQuery(
    queryOptions({
      queryKey: queryKeys.voteCounts,
      queryFn: ({ signal }) => api.get<VoteCounts>(endpoints.voteCounts.path, { signal }),
      staleTime: PUBLIC_DATA_STALE_MS,
      refetchInterval: live ? false : PUBLIC_DATA_STALE_MS,
      refetchIntervalInBackground: false,
      retry: 1,
      enabled,
    }),
  );
}
