import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#shared/member-data.ts';
import { api } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** The member's data as a file: a plain link, so the browser downloads it as it is. */
export const EXPORT_URL = endpoints.memberExport.path;

/**
 * Deletes the signed-in account after its password; the session ends with it, and the page's
 * guard then shows the sign-in page, as after signing out. The notice is shown here, not by the
 * form, which is gone by then.
 */
export function useDeleteAccount() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<void>(endpoints.memberDelete.path, { body }),
    onSuccess: () => {
      notifications.show({
        title: intl.formatMessage({
          id: 'memberData.deletedTitle',
          defaultMessage: 'Account deleted',
        }),
        message: intl.formatMessage({
          id: 'memberData.deletedText',
          defaultMessage: 'Your account has been deleted.',
        }),
      });
      queryClient.setQueryData(queryKeys.user, null);
      clearAccountData(queryClient);
    },
  });
}
