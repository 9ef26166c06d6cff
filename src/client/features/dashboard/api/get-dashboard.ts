import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/admin.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const DASHBOARD_REFRESH_MS = 5_000;

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/admin/dashboard', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
