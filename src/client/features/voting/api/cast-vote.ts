import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { PublicBusiness, VoteCounts } from '#shared/businesses.ts';
import type { MemberProgress } from '#shared/progress.ts';
import type { VoteResult } from '#shared/voting.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

export function castVote(businessId: number): Promise<VoteResult> {
  return api.post<VoteResult>(endpoints.vote.path, { body: { businessId } });
}

const withVotes = (votes: VoteCounts, businessId: number, count: number): VoteCounts => ({
  ...votes,
  [businessId]: count,
});

/**
 * Casts a vote. Spec: available votes drop at once (optimistic) and come back if the server
 * refuses; the server alone decides whether the vote counts (docs/RULES.md rule 2). Its answer
 * carries the new figures, so they are written into the cache instead of refetched, and the
 * shop's public total (rank badges) gains the vote. The toast names the shop in the page's
 * language.
 */
export function useCastVote() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  const progressKey = queryKeys.member.progress;
  return useMutation({
    mutationFn: ({ id }: Pick<PublicBusiness, 'id' | 'name'>) => castVote(id),
    onMutate: async ({ id: businessId }) => {
      // A refresh in flight must not overwrite the optimistic figures with older ones.
      await queryClient.cancelQueries({ queryKey: progressKey });
      const before = queryClient.getQueryData<MemberProgress>(progressKey);
      if (before) {
        queryClient.setQueryData<MemberProgress>(progressKey, {
          ...before,
          availableVotes: Math.max(0, before.availableVotes - 1),
          ownVotes: withVotes(before.ownVotes, businessId, (before.ownVotes[businessId] ?? 0) + 1),
        });
      }
      return { before };
    },
    onError: (error, _shop, context) => {
      if (context?.before) queryClient.setQueryData(progressKey, context.before);
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'voteToast.failed',
          defaultMessage: 'Failed to Submit Vote',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'voteToast.failedText',
            defaultMessage: 'An error occurred while submitting your vote. Please try again.',
          }),
        ),
      });
    },
    onSuccess: async (result, { id: businessId, name }) => {
      // A refresh that started before the vote was counted must not land after its answer.
      await queryClient.cancelQueries({ queryKey: progressKey });
      queryClient.setQueryData<MemberProgress>(
        progressKey,
        (progress) =>
          progress && {
            ...progress,
            availableVotes: result.availableVotes,
            ownVotes: withVotes(progress.ownVotes, businessId, result.votesForShop),
          },
      );
      queryClient.setQueryData<VoteCounts>(
        queryKeys.voteCounts,
        (counts) => counts && withVotes(counts, businessId, (counts[businessId] ?? 0) + 1),
      );
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'voteToast.submitted', defaultMessage: 'Vote Submitted' }),
        message: intl.formatMessage(
          { id: 'voteToast.recorded', defaultMessage: 'Your vote for {shop} has been recorded.' },
          { shop: name },
        ),
      });
    },
  });
}
