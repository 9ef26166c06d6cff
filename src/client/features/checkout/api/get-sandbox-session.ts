import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxSession } from '#shared/payments.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const sandboxSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.member.sandboxSession(sessionId),
    queryFn: ({ signal }) =>
      api.get<SandboxSession>(`/api/sandbox/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  });

export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}
