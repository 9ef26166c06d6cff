import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailboxMessage } from '#shared/mail.ts';
import { api } from '#client/lib/api.ts';
import { endpoints } from '#shared/endpoints.ts';

/** GET /api/sandbox/mailbox?to=: refetched every few seconds, as mail arrives from the outbox worker. */
export const mailboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: ['sandbox-mailbox', to.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api.get<MailboxMessage[]>(`${endpoints.sandboxMailbox.path}?to=${encodeURIComponent(to)}`, {
        signal,
      }),
    refetchInterval: 2000,
  });

export function useMailbox(to: string | null) {
  return useQuery({ ...mailboxQueryOptions(to ?? ''), enabled: to !== null });
}
