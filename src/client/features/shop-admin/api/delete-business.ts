import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export async function deleteBusiness(id: number): Promise<void> {
  await api.delete(endpointPath(endpoints.deleteShop, { id }));
}

/** Removes a shop from its challenge (soft delete on the server, docs/RULES.md rule 8). */
export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: ({ id }: { id: number; challengeId: number }) => deleteBusiness(id),
    onSuccess: async (_result, { challengeId }) => {
      notifications.show({
        title: intl.formatMessage({
          id: 'deleteBusiness.deleted',
          defaultMessage: 'Business Deleted',
        }),
        message: intl.formatMessage({
          id: 'deleteBusiness.deletedText',
          defaultMessage: 'The business has been removed from the challenge.',
        }),
      });
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.admin.challengeBusinesses(challengeId),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
        queryClient.invalidateQueries({ queryKey: queryKeys.voteCounts }),
      ]);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'deleteBusiness.failed',
          defaultMessage: 'Error Deleting Business',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'deleteBusiness.failedText',
            defaultMessage: 'Failed to delete business',
          }),
        ),
      });
    },
  });
}
