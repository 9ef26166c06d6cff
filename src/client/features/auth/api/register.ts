import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { PublicUser, RegisterBody } from '#shared/auth.ts';
import type { SiteConfig } from '#shared/config.ts';
import { DEFAULT_SITE_NAME } from '#shared/pages.ts';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** What the register call sends: never the confirmation, never isAdmin. */
export type RegisterInput = Pick<RegisterBody, 'username' | 'email' | 'fullName' | 'password'>;

export function register({
  username,
  email,
  fullName,
  password,
}: RegisterInput): Promise<PublicUser> {
  return api.post<PublicUser>(endpoints.register.path, {
    body: { username, email, fullName, password },
  });
}

/** Creates the account and signs it in (docs/SPEC.md section 8 toasts). */
export function useRegister() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      const siteName =
        queryClient.getQueryData<SiteConfig>(queryKeys.siteConfig)?.siteName ?? DEFAULT_SITE_NAME;
      clearAccountData(queryClient);
      queryClient.setQueryData(queryKeys.user, user);
      notifications.show({
        title: intl.formatMessage({
          id: 'register.successTitle',
          defaultMessage: 'Registration successful',
        }),
        message: intl.formatMessage(
          { id: 'register.successMessage', defaultMessage: 'Welcome to {siteName}, {username}!' },
          { siteName, username: user.username },
        ),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'register.failedTitle',
          defaultMessage: 'Registration failed',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'register.failedMessage',
            defaultMessage: 'Registration failed. Please try again.',
          }),
        ),
      });
    },
  });
}
