import { QueryClient, type QueryCache } from '@tanstack/react-query';
import { forgetOfflineAnswers } from './offline.ts';
import { queryKeys } from './query-keys.ts';

/**
 * docs/SPEC.md section 7: no retries, never stale, no refetch on window focus. `queryCache`: the
 * server's render watches which queries a page asks for (src/client/entry-server.tsx).
 */
export function createQueryClient(queryCache?: QueryCache): QueryClient {
  return new QueryClient({
    ...(queryCache ? { queryCache } : {}),
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Forget every account-specific answer (called when the signed-in account changes), the ones
 * the service worker keeps for offline reading included.
 */
export function clearAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.member.all });
  queryClient.removeQueries({ queryKey: queryKeys.admin.all });
  forgetOfflineAnswers();
}
