import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

export async function logout(): Promise<void> {
  await api.post(endpoints.logout.path);
}

/** Signs out; on success the current user is cleared with every account-specific answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.user, null);
      clearAccountData(queryClient);
      notifications.show({
        title: 'Logged out',
        message: 'You have been successfully logged out.',
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Logout failed',
        message: errorText(error, error.message),
      });
    },
  });
}
