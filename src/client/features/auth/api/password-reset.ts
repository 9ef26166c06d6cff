import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type {
  MessageBody,
  PasswordResetConfirm,
  PasswordResetRequest,
  PublicUser,
} from '#shared/auth.ts';
import { api, errorText } from '#client/lib/api.ts';
import { clearAccountData } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** Always answers with the same message, whether or not an account uses the address. */
export function useRequestPasswordReset() {
  const intl = useMessages();
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      api.post<MessageBody>(endpoints.passwordResetRequest.path, { body }),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'forgotPassword.sendFailedTitle',
          defaultMessage: 'Could not send the link',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'forgotPassword.tryAgain',
            defaultMessage: 'Please try again.',
          }),
        ),
      });
    },
  });
}

/** Sets the new password; the server signs the member in with it. */
export function useConfirmPasswordReset() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      api.post<PublicUser>(endpoints.passwordResetConfirm.path, { body }),
    onSuccess: (user) => {
      clearAccountData(queryClient);
      queryClient.setQueryData(queryKeys.user, user);
      notifications.show({
        title: intl.formatMessage({
          id: 'resetPassword.changedTitle',
          defaultMessage: 'Password changed',
        }),
        message: intl.formatMessage(
          { id: 'resetPassword.signedIn', defaultMessage: 'You are signed in, {username}.' },
          { username: user.username },
        ),
      });
    },
  });
}
