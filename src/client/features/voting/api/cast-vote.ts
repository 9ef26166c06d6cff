import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { VoteCounts } from '#shared/businesses.ts';
import type { VoteResult } from '#shared/voting.ts';
import { api, errorText } from '#client/lib/api.ts';
import { votingKeys } from './member-votes.ts';

export function castVote(businessId: number): Promise<VoteResult> {
  return api.post<VoteResult>('/api/vote', { body: { businessId } });
}

/**
 * Casts a vote. The counts move at once (spec section 4: optimistic) and go back if the server
 * refuses; the server alone decides whether the vote counts (rule 2).
 */
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onMutate: async (businessId) => {
      await queryClient.cancelQueries({ queryKey: votingKeys.all });
      const available = queryClient.getQueryData<number>(votingKeys.available);
      const own = queryClient.getQueryData<VoteCounts>(votingKeys.own);
      if (available !== undefined)
        queryClient.setQueryData(votingKeys.available, Math.max(0, available - 1));
      if (own)
        queryClient.setQueryData(votingKeys.own, {
          ...own,
          [businessId]: (own[businessId] ?? 0) + 1,
        });
      return { available, own };
    },
    onError: (error, _businessId, before) => {
      if (before?.available !== undefined)
        queryClient.setQueryData(votingKeys.available, before.available);
      if (before?.own) queryClient.setQueryData(votingKeys.own, before.own);
      notifications.show({
        color: 'red',
        title: 'Failed to Submit Vote',
        message: errorText(
          error,
          'An error occurred while submitting your vote. Please try again.',
        ),
      });
    },
    onSuccess: (result) => {
      notifications.show({ color: 'teal', title: 'Vote Submitted', message: result.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: votingKeys.all }),
  });
}
