import { useQuery } from '@tanstack/react-query';
import type { CouponDto } from '#shared/redemption.ts';
import type { AvailableVotes } from '#shared/voting.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useUserPass } from './get-user-pass.ts';
import { endpoints } from '#shared/endpoints.ts';

/** How far a pass holder has come: shops redeemed of the pass's shops, votes left to cast. */
export interface PassProgress {
  redeemed: number;
  shops: number;
  availableVotes: number;
}

/**
 * Whom the page is for, as far as the pass goes (docs/RULES.md rule 22): `unknown` until the
 * account and its pass are known, `none` for a visitor or a member without a pass, `holder`
 * with the progress once it has arrived (null until then, or when it could not be read).
 */
export type PassHolding =
  { kind: 'unknown' } | { kind: 'none' } | { kind: 'holder'; progress: PassProgress | null };

/**
 * The spec's member reads the header's pass check sits beside (/api/user/coupons and
 * /api/user/available-votes), asked again each time the page mounts: a redeem or a vote on
 * another page changes them.
 */
function useMemberRead<T>(queryKey: readonly unknown[], apiPath: string, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(apiPath, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** `userId`: the signed-in member's (null signed out); `userPending` while that is unknown. */
export function usePassHolding(userId: number | null, userPending: boolean): PassHolding {
  const pass = useUserPass(userId);
  const holds = userId !== null && pass.isSuccess && pass.data !== null;
  const coupons = useMemberRead<CouponDto[]>(
    queryKeys.member.coupons,
    endpoints.userCoupons.path,
    holds,
  );
  const votes = useMemberRead<AvailableVotes>(
    queryKeys.member.availableVotes,
    endpoints.availableVotes.path,
    holds,
  );
  if (userPending || (userId !== null && pass.isPending)) return { kind: 'unknown' };
  if (!holds) return { kind: 'none' };
  return {
    kind: 'holder',
    progress:
      coupons.data && votes.data
        ? {
            redeemed: coupons.data.filter((coupon) => coupon.redeemed).length,
            shops: coupons.data.length,
            availableVotes: votes.data.availableVotes,
          }
        : null,
  };
}
