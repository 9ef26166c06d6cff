import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';
import type { PublicMilestone } from '#shared/milestones.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** A battle's milestones and the stock left of each (docs/decisions/0046); [] while unknown. */
export const publicMilestonesQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: queryKeys.milestones(challengeId),
    queryFn: ({ signal }) =>
      api.get<PublicMilestone[]>(endpointPath(endpoints.publicMilestones, { id: challengeId }), {
        signal,
      }),
    staleTime: PUBLIC_DATA_STALE_MS,
  });

export function usePublicMilestones(challengeId: number | null): PublicMilestone[] {
  const query = useQuery({
    ...publicMilestonesQueryOptions(challengeId ?? 0),
    enabled: challengeId !== null,
  });
  return query.data ?? [];
}
