import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxSessionSchema } from '#shared/payments.ts';
import { api } from '#client/lib/api.ts';
import { memberKey } from '#client/lib/query-client.ts';

export const sandboxSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: memberKey('sandbox-session', sessionId),
    queryFn: ({ signal }) =>
      api.get(`/api/sandbox/checkout/${encodeURIComponent(sessionId)}`, {
        schema: sandboxSessionSchema,
        signal,
      }),
  });

export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}
