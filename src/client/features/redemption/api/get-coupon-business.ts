import { queryOptions, useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import type { PublicBusiness } from '#shared/businesses.ts';
import { api, isApiError } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function getCouponBusiness(couponId: number, signal?: AbortSignal): Promise<PublicBusiness> {
  return api.get<PublicBusiness>(endpointPath(endpoints.couponShop, { couponId }), { signal });
}

export const couponBusinessQueryOptions = (couponId: number) =>
  queryOptions({
    queryKey: queryKeys.member.couponBusiness(couponId),
    queryFn: ({ signal }) => getCouponBusiness(couponId, signal),
    // Asked offline too: the service worker's copy answers, else the dialog shows the shop the
    // pass holds (CouponDetailsDialog).
    networkMode: 'always',
  });

/** docs/SPEC.md section 8's messages for a coupon whose shop cannot be shown. */
function failureToast(error: unknown) {
  if (isApiError(error, 404) && error.serverMessage === 'Business not found for this coupon') {
    return { title: 'Error', message: 'Business not found for this coupon' };
  }
  if (isApiError(error, 404)) return { title: 'Error', message: 'Coupon not found' };
  return { title: 'Error', message: 'Could not fetch business details for this coupon' };
}

/**
 * The shop of one of the member's coupons, fetched when `enabled` (the details dialog is open).
 * Only the server's refusals are toasts: a request that never reached it (offline) is answered by
 * the shop the pass holds.
 */
export function useCouponBusiness(couponId: number, enabled: boolean) {
  const query = useQuery({ ...couponBusinessQueryOptions(couponId), enabled });
  const { error } = query;
  useEffect(() => {
    if (isApiError(error)) notifications.show({ color: 'red', ...failureToast(error) });
  }, [error]);
  return query;
}
