import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PROFILE_POLL_MS, PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

export function getBusinesses(signal?: AbortSignal) {
  return api.get<PublicBusiness[]>(endpoints.liveShops.path, { signal });
}

/** docs/SPEC.md section 7: the live shops, cached 60 s, one retry. */
export const businessesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.businesses,
    queryFn: ({ signal }) => getBusinesses(signal),
    staleTime: PUBLIC_DATA_STALE_MS,
    retry: 1,
  });

/**
 * Only asked when a challenge exists. `refreshWhile`:
 * asked again every `PROFILE_POLL_MS` while it says the list held is not enough (a pass's coupon
 * of a shop added since).
 */
export function useBusinesses({
  enabled,
  refreshWhile,
}: {
  enabled: boolean;
  refreshWhile?: (shops: PublicBusiness[]) => boolean;
}) {
  return useQuery(
    queryOptions({
      ...businessesQueryOptions(),
      enabled,
      refetchInterval: (query) =>
        refreshWhile && query.state.data && refreshWhile(query.state.data)
          ? PROFILE_POLL_MS
          : false,
    }),
  );
}
