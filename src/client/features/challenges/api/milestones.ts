import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, endpointPath } from '#shared/endpoints.ts';
import type { AdminMilestone, MilestoneInput } from '#shared/milestones.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Milestones (docs/decisions/0046): the organizer's tiers of one battle, with rewards given and
 * collected, and the changes to them. The server decides what may change when.
 */
export function useAdminMilestones(challengeId: number) {
  return useQuery({
    queryKey: queryKeys.admin.milestones(challengeId),
    queryFn: ({ signal }) =>
      api.get<AdminMilestone[]>(endpointPath(endpoints.adminMilestones, { id: challengeId }), {
        signal,
      }),
  });
}

/** Adds a tier (`id` null) or saves one, or removes one (`remove`). */
export function useChangeMilestone(challengeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        { id: null; input: MilestoneInput } | { id: number; input: MilestoneInput | 'remove' },
    ) =>
      change.id === null
        ? api.post<AdminMilestone>(endpointPath(endpoints.createMilestone, { id: challengeId }), {
            body: change.input,
          })
        : change.input === 'remove'
          ? api.delete(endpointPath(endpoints.deleteMilestone, { id: change.id }))
          : api.put<AdminMilestone>(endpointPath(endpoints.updateMilestone, { id: change.id }), {
              body: change.input,
            }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.milestones(challengeId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.milestones(challengeId) }),
      ]);
    },
  });
}
