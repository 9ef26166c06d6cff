import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { MessageBody } from '#shared/auth.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

export function resetVotes(): Promise<MessageBody> {
  return api.post<MessageBody>(endpoints.resetVotes.path);
}

/**
 * Testing only (docs/RULES.md rule 5): the button exists only when the server has test tools
 * on. The answer holds no figures, so the member's and the public counts are fetched again.
 */
export function useResetVotes() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetVotes,
    onSuccess: (result) => {
      notifications.show({
        title: intl.formatMessage({ id: 'resetVotes.doneTitle', defaultMessage: 'Votes Reset' }),
        message: result.message,
      });
    },
    onError: () => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'resetVotes.failedTitle', defaultMessage: 'Reset Failed' }),
        message: intl.formatMessage({
          id: 'resetVotes.failedText',
          defaultMessage: 'Failed to reset votes. Please try again.',
        }),
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.member.progress }),
        queryClient.invalidateQueries({ queryKey: queryKeys.voteCounts }),
      ]),
  });
}
