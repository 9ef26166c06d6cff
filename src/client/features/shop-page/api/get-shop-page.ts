import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopPage } from '#shared/shop-side.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

/** The shop page refreshes itself this often, so new redemptions and a new code show up. */
export const SHOP_PAGE_REFRESH_MS = 10_000;

export function getShopPage(token: string, signal?: AbortSignal): Promise<ShopPage> {
  return api.get<ShopPage>(endpointPath(endpoints.shopPage, { token }), { signal });
}

export const shopPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.shopPage(token),
    queryFn: ({ signal }) => getShopPage(token, signal),
    refetchInterval: SHOP_PAGE_REFRESH_MS,
    // A counter by the till stays current even while another tab is in front.
    refetchIntervalInBackground: true,
  });

export function useShopPage(token: string) {
  return useQuery(shopPageQueryOptions(token));
}
