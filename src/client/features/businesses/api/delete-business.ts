import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, errorText } from '#client/lib/api.ts';
import { challengeBusinessesQueryKey } from './get-challenge-businesses.ts';
import { businessesQueryKey } from '#client/lib/public-businesses.ts';
import { voteCountsQueryKey } from './get-vote-counts.ts';

export async function deleteBusiness(id: number): Promise<void> {
  await api.delete(`/api/admin/businesses/${id}`);
}

/** Removes a shop from its challenge (soft delete on the server, DECISIONS rule 8). */
export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; challengeId: number }) => deleteBusiness(id),
    onSuccess: async (_result, { challengeId }) => {
      notifications.show({
        title: 'Business Deleted',
        message: 'The business has been removed from the challenge.',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: challengeBusinessesQueryKey(challengeId) }),
        queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
        queryClient.invalidateQueries({ queryKey: voteCountsQueryKey }),
      ]);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Error Deleting Business',
        message: errorText(error, 'Failed to delete business'),
      });
    },
  });
}
