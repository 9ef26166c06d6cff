import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopPage } from '#shared/shop-side.ts';
import { api } from '#client/lib/api.ts';

/** The shop page refreshes itself this often, so new redemptions and a new code show up. */
export const SHOP_PAGE_REFRESH_MS = 10_000;

/** Not under the member or admin scope: the token is the key, whoever is signed in. */
export const shopPageQueryKey = (token: string) => ['shop-page', token] as const;

export function getShopPage(token: string, signal?: AbortSignal): Promise<ShopPage> {
  return api.get<ShopPage>(`/api/shop/${encodeURIComponent(token)}`, { signal });
}

export const shopPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shopPageQueryKey(token),
    queryFn: ({ signal }) => getShopPage(token, signal),
    refetchInterval: SHOP_PAGE_REFRESH_MS,
    // A counter by the till stays current even while another tab is in front.
    refetchIntervalInBackground: true,
  });

export function useShopPage(token: string) {
  return useQuery(shopPageQueryOptions(token));
}
