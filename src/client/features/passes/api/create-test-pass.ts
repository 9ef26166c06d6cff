import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { PassDto } from '#shared/passes.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

/** docs/RULES.md rule 5: only offered when the site says test tools are on. */
export function createTestPass(): Promise<PassDto> {
  return api.post<PassDto>(endpoints.createTestPass.path);
}

export function useCreateTestPass() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestPass,
    onSuccess: async () => {
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'testPass.createdTitle', defaultMessage: 'Pass Created' }),
        message: intl.formatMessage({
          id: 'testPass.createdText',
          defaultMessage: 'A test pass was created for this account.',
        }),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'testPass.failedTitle',
          defaultMessage: 'Error Creating Pass',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'testPass.failedText',
            defaultMessage: 'Failed to create pass.',
          }),
        ),
      });
    },
  });
}
