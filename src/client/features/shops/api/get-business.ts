import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api, isApiError } from '#client/lib/api.ts';
import { getBusinesses } from '#client/lib/public-businesses.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function getBusiness(id: string, signal?: AbortSignal) {
  return api.get<PublicBusiness>(endpointPath(endpoints.liveShop, { id }), { signal });
}

/**
 * The shop's own answer, or, when the server cannot be reached (offline) and no copy of that
 * answer was kept, the shop as the shops list the device holds has it: the page's cache, else the
 * list kept for offline reading (docs/decisions/0019). A refusal from the server (404) stands.
 */
async function businessOrHeld(
  id: string,
  queryClient: QueryClient | undefined,
  signal?: AbortSignal,
): Promise<PublicBusiness> {
  try {
    return await getBusiness(id, signal);
  } catch (error) {
    if (isApiError(error) || signal?.aborted) throw error;
    const wanted = Number(id);
    const find = (shops: PublicBusiness[] | undefined) => shops?.find((shop) => shop.id === wanted);
    const inPage = find(queryClient?.getQueryData<PublicBusiness[]>(queryKeys.businesses));
    if (inPage) return inPage;
    const kept = find(await getBusinesses(signal).catch(() => undefined));
    if (kept) return kept;
    throw error;
  }
}

export const businessQueryOptions = (id: string, queryClient?: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.business(id),
    queryFn: ({ signal }) => businessOrHeld(id, queryClient, signal),
    staleTime: PUBLIC_DATA_STALE_MS,
    // Asked offline too: the service worker's copy or the held list answers (above).
    networkMode: 'always',
  });

export function useBusiness(id: string) {
  return useQuery(businessQueryOptions(id, useQueryClient()));
}
