import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { MessageBody } from '#shared/auth.ts';
import { api } from '#client/lib/api.ts';
import { votingKeys } from './member-votes.ts';

export function resetVotes(): Promise<MessageBody> {
  return api.post<MessageBody>('/api/reset-votes');
}

/** Testing only (rule 5): the button exists only when the server has test tools on. */
export function useResetVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetVotes,
    onSuccess: (result) => {
      notifications.show({ title: 'Votes Reset', message: result.message });
    },
    onError: () => {
      notifications.show({
        color: 'red',
        title: 'Reset Failed',
        message: 'Failed to reset votes. Please try again.',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: votingKeys.all }),
  });
}
