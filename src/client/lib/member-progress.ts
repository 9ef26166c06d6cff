import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import type { CouponState, MemberProgress } from '#shared/progress.ts';
import { api } from './api.ts';
import { useBusinesses } from './public-businesses.ts';
import { queryKeys } from './query-keys.ts';

export function getMemberProgress(signal?: AbortSignal): Promise<MemberProgress> {
  return api.get<MemberProgress>('/api/user/progress', { signal });
}

/**
 * The member's coupons and votes, which the redemption and voting features both show and
 * update. Spec: profile data refreshes every 2 s, none while the page is hidden; one request a
 * tick, revalidated (an unchanged one is a 304, docs/decisions/0032). Redeem and vote answers are
 * written into it rather than refetched.
 */
export const memberProgressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.progress,
    queryFn: ({ signal }) => getMemberProgress(signal),
    refetchInterval: PROFILE_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useMemberProgress() {
  return useQuery(memberProgressQueryOptions());
}

/** One coupon of the pass with its shop, as the pass's pages show it. */
export type PassStop = CouponState & { business: PublicBusiness };

/** The coupons whose shop the public list holds, in the progress answer's (display) order. */
export function passStopsOf(coupons: CouponState[], shops: PublicBusiness[]): PassStop[] {
  const shopsById = new Map(shops.map((shop) => [shop.id, shop]));
  return coupons.flatMap((coupon) => {
    const business = shopsById.get(coupon.businessId);
    return business ? [{ ...coupon, business }] : [];
  });
}

/**
 * The member's progress with each coupon's shop taken from the public shops answer the page
 * already holds (cached, and kept offline), which the progress answer no longer repeats. A coupon
 * of a shop that list does not know yet (added since it was read) asks for the list again, once
 * per progress answer newer than the list.
 */
export function usePassStops() {
  const progress = useMemberProgress();
  const shops = useBusinesses({ enabled: true });
  const coupons = progress.data?.coupons;
  const stops = coupons && shops.data ? passStopsOf(coupons, shops.data) : undefined;
  const listOlder =
    coupons !== undefined &&
    stops !== undefined &&
    stops.length < coupons.length &&
    shops.dataUpdatedAt < progress.dataUpdatedAt;
  const { refetch, isFetching } = shops;
  useEffect(() => {
    if (listOlder && !isFetching) void refetch();
  }, [listOlder, isFetching, refetch]);
  return {
    progress,
    stops,
    isPending: progress.isPending || shops.isPending,
    isError: progress.isError || shops.isError,
  };
}
