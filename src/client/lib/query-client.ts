import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** Spec section 7: no retries, never stale, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Query keys of data that belongs to the signed-in account start with this segment
 * (e.g. ['member', 'pass', userId]). Signing in, out or as someone else drops them all.
 */
export const MEMBER_SCOPE = 'member';
/** Same for admin-only data (e.g. ['admin', 'challenges']). */
export const ADMIN_SCOPE = 'admin';

export function memberKey(...parts: readonly unknown[]): QueryKey {
  return [MEMBER_SCOPE, ...parts];
}

export function adminKey(...parts: readonly unknown[]): QueryKey {
  return [ADMIN_SCOPE, ...parts];
}

/** Forget every account-specific answer (called when the signed-in account changes). */
export function clearAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [MEMBER_SCOPE] });
  queryClient.removeQueries({ queryKey: [ADMIN_SCOPE] });
}
