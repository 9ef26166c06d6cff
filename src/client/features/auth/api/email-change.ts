import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailChangeConfirm,
  EmailChangePreview,
  EmailChangeRequest,
  MessageBody,
} from '#shared/auth.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** Mails a confirmation link to the new address; the address changes only when it is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeRequest) =>
      api.post<MessageBody>(endpoints.emailChangeRequest.path, { body }),
  });
}

/** The address the emailed link would set; an unknown, expired or used link fails (404). */
export function useEmailChangePreview(token: string) {
  return useQuery({
    queryKey: queryKeys.emailChangePreview(token),
    queryFn: ({ signal }) =>
      api.post<EmailChangePreview>(endpoints.emailChangePreview.path, { body: { token }, signal }),
  });
}

/** Opens the emailed link: the account's address becomes the new one. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChangeConfirm) =>
      api.post<MessageBody>(endpoints.emailChangeConfirm.path, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
