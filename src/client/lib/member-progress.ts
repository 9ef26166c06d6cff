import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import type { MemberProgress } from '#shared/progress.ts';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

export function getMemberProgress(signal?: AbortSignal): Promise<MemberProgress> {
  return api.get<MemberProgress>('/api/user/progress', { signal });
}

/**
 * The member's coupons and votes, which the redemption and voting features both show and
 * update. Spec: profile data refreshes every 2 s, none while the page is hidden; one request a
 * tick. Redeem and vote answers are written into it rather than refetched.
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
