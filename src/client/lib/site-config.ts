import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '#shared/config.ts';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** GET /api/config, shared by every feature: payment mode and whether test tools show (rule 5). */
export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => api.get<SiteConfig>(endpoints.siteConfig.path, { signal }),
  });

/** undefined while loading; a failed load shows no testing tools. */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQueryOptions()).data;
}
