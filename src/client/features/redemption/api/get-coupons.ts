import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import type { CouponDto } from '#shared/redemption.ts';
import { api } from '#client/lib/api.ts';
import { memberKey } from '#client/lib/query-client.ts';

export const couponsQueryKey = memberKey('coupons');

export function getCoupons(signal?: AbortSignal): Promise<CouponDto[]> {
  return api.get<CouponDto[]>('/api/user/coupons', { signal });
}

/** Spec section 4: profile data refreshes every 2 s, but only while the page is visible. */
export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: couponsQueryKey,
    queryFn: ({ signal }) => getCoupons(signal),
    refetchInterval: PROFILE_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
