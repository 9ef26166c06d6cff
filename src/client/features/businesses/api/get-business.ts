import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export function getBusiness(id: string, signal?: AbortSignal) {
  return api.get<PublicBusiness>(`/api/businesses/${id}`, { signal });
}

export const businessQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.business(id),
    queryFn: ({ signal }) => getBusiness(id, signal),
    staleTime: PUBLIC_DATA_STALE_MS,
  });

export function useBusiness(id: string) {
  return useQuery(businessQueryOptions(id));
}
