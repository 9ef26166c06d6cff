import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxSession } from '#shared/payments.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export const sandboxSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.member.sandboxSession(sessionId),
    queryFn: ({ signal }) =>
      api.get<SandboxSession>(endpointPath(endpoints.sandboxCheckout, { sessionId }), { signal }),
  });

export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}
