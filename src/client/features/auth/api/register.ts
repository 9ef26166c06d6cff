import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { PublicUser, RegisterBody } from '#shared/auth.ts';
import type { SiteConfig } from '#shared/config.ts';
import { DEFAULT_SITE_NAME } from '#shared/pages.ts';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      const siteName =
        queryClient.getQueryData<SiteConfig>(queryKeys.siteConfig)?.siteName ?? DEFAULT_SITE_NAME;
      clearAccountData(queryClient);
      queryClient.setQueryData(queryKeys.user, user);
      notifications.show({
        title: 'Registration successful',
        message: `Welcome to ${siteName}, ${user.username}!`,
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Registration failed',
        message: errorText(error, 'Registration failed. Please try again.'),
      });
    },
  });
}
