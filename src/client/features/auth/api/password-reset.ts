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

/** Always answers with the same message, whether or not an account uses the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      api.post<MessageBody>(endpoints.passwordResetRequest.path, { body }),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not send the link',
        message: errorText(error, 'Please try again.'),
      });
    },
  });
}

/** Sets the new password; the server signs the member in with it. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      api.post<PublicUser>(endpoints.passwordResetConfirm.path, { body }),
    onSuccess: (user) => {
      clearAccountData(queryClient);
      queryClient.setQueryData(queryKeys.user, user);
      notifications.show({
        title: 'Password changed',
        message: `You are signed in, ${user.username}.`,
      });
    },
  });
}
