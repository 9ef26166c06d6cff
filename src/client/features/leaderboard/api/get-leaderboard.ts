import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPage } from '#shared/admin.ts';
import { api } from '#client/lib/api.ts';
import { useLiveVoteCounts } from '#client/lib/live-vote-counts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/**
 * Without the live vote stream the organizer's standings are polled; nothing is fetched while
 * the tab is hidden.
 */
export const ADMIN_REFRESH_MS = 5_000;

export function getLeaderboard(
  challengeId: number | null,
  signal?: AbortSignal,
): Promise<LeaderboardPage> {
  const query = challengeId === null ? '' : `?challengeId=${challengeId}`;
  return api.get<LeaderboardPage>(`${endpoints.leaderboard.path}${query}`, { signal });
}

/** null asks for the default: the active challenge, else the first. `live`: the stream refreshes it. */
export const leaderboardQueryOptions = (challengeId: number | null, live = false) =>
  queryOptions({
    queryKey: queryKeys.admin.leaderboard(challengeId),
    queryFn: ({ signal }) => getLeaderboard(challengeId, signal),
    refetchInterval: live ? false : ADMIN_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

export function useLeaderboard(challengeId: number | null) {
  const live = useLiveVoteCounts({ refresh: queryKeys.admin.leaderboard(challengeId) });
  return useQuery(leaderboardQueryOptions(challengeId, live));
}
