import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/admin.ts';
import { api } from '#client/lib/api.ts';
import { useLiveVoteCounts } from '#client/lib/live-vote-counts.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Polled only without the live vote stream, which otherwise refreshes it on every change. */
const DASHBOARD_REFRESH_MS = 5_000;

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>(endpoints.dashboard.path, { signal });
}

export const dashboardQueryOptions = (live = false) =>
  queryOptions({
    queryKey: queryKeys.admin.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: live ? false : DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useDashboard() {
  const live = useLiveVoteCounts({ refresh: queryKeys.admin.dashboard });
  return useQuery(dashboardQueryOptions(live));
}
