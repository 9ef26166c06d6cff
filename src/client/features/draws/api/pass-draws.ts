import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDraws } from '#shared/draws.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { api } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

/** A battle's prize draws (public from each commitment, docs/RULES.md rule 23). */
export const publicDrawsQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: queryKeys.draws(challengeId),
    queryFn: ({ signal }) =>
      api.get<PublicDraw[]>(endpointPath(endpoints.publicDraws, { id: challengeId }), { signal }),
    staleTime: PUBLIC_DATA_STALE_MS,
  });

/** The draws still to be drawn: what the pages selling or showing a pass advertise. */
export function useCommittedDraws(challengeId: number | null) {
  const query = useQuery({
    ...publicDrawsQueryOptions(challengeId ?? 0),
    enabled: challengeId !== null,
  });
  return (query.data ?? []).filter((draw) => draw.revealedAt === null);
}

/** After the end, how often a page waiting for a draw's reveal (within a minute) asks again. */
const REVEAL_POLL_MS = 15_000;

/**
 * The member's pass pseudonym and entries (GET /api/user/draws), asked again on each visit.
 * `untilRevealed`: asked again while a draw is still to be revealed (once the battle has ended,
 * so the member's result arrives without a reload).
 */
export const memberDrawsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.draws,
    queryFn: ({ signal }) => api.get<MemberDraws>(endpoints.userDraws.path, { signal }),
    staleTime: 0,
  });

export function useMemberDraws({ untilRevealed = false }: { untilRevealed?: boolean } = {}) {
  return useQuery({
    ...memberDrawsQueryOptions(),
    refetchInterval: (query) =>
      untilRevealed && query.state.data?.draws.some((draw) => !draw.revealed)
        ? REVEAL_POLL_MS
        : false,
  });
}
