import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DELETED, type DeleteAccountBody } from '#shared/member-data.ts';
import { api } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

/** The member's data as a file: a plain link, so the browser downloads it as it is. */
export const EXPORT_URL = endpoints.memberExport.path;

/**
 * Deletes the signed-in account after its password; the session ends with it, and the page's
 * guard then shows the sign-in page, as after signing out. The notice is shown here, not by the
 * form, which is gone by then.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<void>(endpoints.memberDelete.path, { body }),
    onSuccess: () => {
      notifications.show({ title: 'Account deleted', message: ACCOUNT_DELETED });
      queryClient.setQueryData(queryKeys.user, null);
      clearAccountData(queryClient);
    },
  });
}
