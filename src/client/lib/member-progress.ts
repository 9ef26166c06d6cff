import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicBusiness } from '#shared/businesses.ts';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import type { CouponState, MemberProgress } from '#shared/progress.ts';
import { api } from './api.ts';
import { useBusinesses } from './public-businesses.ts';
import { queryKeys } from './query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

export function getMemberProgress(signal?: AbortSignal): Promise<MemberProgress> {
  return api.get<MemberProgress>(endpoints.userProgress.path, { signal });
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
 * already holds (cached, and kept offline), which the progress answer no longer repeats. While a
 * coupon's shop is missing from that list (added since it was read), the list is asked again at
 * the progress's pace; declared to the query, not done from an effect.
 */
export function usePassStops() {
  const progress = useMemberProgress();
  const coupons = progress.data?.coupons;
  const shops = useBusinesses({
    enabled: true,
    refreshWhile: (held) =>
      coupons !== undefined && passStopsOf(coupons, held).length < coupons.length,
  });
  const stops = coupons && shops.data ? passStopsOf(coupons, shops.data) : undefined;
  return {
    progress,
    stops,
    isPending: progress.isPending || shops.isPending,
    isError: progress.isError || shops.isError,
  };
}
