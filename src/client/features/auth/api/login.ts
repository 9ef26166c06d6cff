import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { LoginBody, PublicUser } from '#shared/auth.ts';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

export function login(body: LoginBody): Promise<PublicUser> {
  return api.post<PublicUser>(endpoints.login.path, { body });
}

/** Signs in; on success the current user is set and a welcome toast shows (docs/SPEC.md section 8). */
export function useLogin() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      clearAccountData(queryClient);
      queryClient.setQueryData(queryKeys.user, user);
      notifications.show({
        title: intl.formatMessage({ id: 'login.successTitle', defaultMessage: 'Login successful' }),
        message: intl.formatMessage(
          { id: 'login.successMessage', defaultMessage: 'Welcome back, {username}!' },
          { username: user.username },
        ),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'login.failedTitle', defaultMessage: 'Login failed' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'login.failedMessage',
            defaultMessage: 'Login failed. Please check your credentials.',
          }),
        ),
      });
    },
  });
}
