import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

export async function logout(): Promise<void> {
  await api.post(endpoints.logout.path);
}

/** Signs out; on success the current user is cleared with every account-specific answer. */
export function useLogout() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.user, null);
      clearAccountData(queryClient);
      notifications.show({
        title: intl.formatMessage({ id: 'logout.doneTitle', defaultMessage: 'Logged out' }),
        message: intl.formatMessage({
          id: 'logout.doneText',
          defaultMessage: 'You have been successfully logged out.',
        }),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'logout.failedTitle', defaultMessage: 'Logout failed' }),
        message: errorText(
          error,
          intl.formatMessage({ id: 'logout.tryAgain', defaultMessage: 'Please try again.' }),
        ),
      });
    },
  });
}
