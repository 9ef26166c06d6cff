import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#shared/endpoints.ts';
import type { AdminReward } from '#shared/milestones.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Rewards found by pick-up code or member (docs/decisions/0046); asked only for a search given. */
export function useRewardSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.admin.rewards(search),
    queryFn: ({ signal }) =>
      api.get<AdminReward[]>(
        `${endpoints.adminRewards.path}?search=${encodeURIComponent(search)}`,
        { signal },
      ),
    enabled: search !== '',
    staleTime: 0,
  });
}

/** Marks a reward collected: once; the server answers 409 to every later try. */
export function useCollectReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pickupCode: string) =>
      api.post<AdminReward>(endpoints.collectReward.path, { body: { pickupCode } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'rewards'] });
    },
  });
}
