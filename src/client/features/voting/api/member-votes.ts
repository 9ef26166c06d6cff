import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicBusiness, VoteCounts } from '#shared/businesses.ts';
import { PROFILE_POLL_MS } from '#shared/constants.ts';
import type { AvailableVotes } from '#shared/voting.ts';
import { api } from '#client/lib/api.ts';
import { memberKey } from '#client/lib/query-client.ts';

/**
 * The member's vote data for the profile: votes available, own votes per shop, shops voted
 * for and shops visited. Spec section 4: refreshed every 2 s, none while the page is hidden.
 */
const polling = { refetchInterval: PROFILE_POLL_MS, refetchIntervalInBackground: false } as const;

export const votingKeys = {
  all: memberKey('votes'),
  available: memberKey('votes', 'available'),
  own: memberKey('votes', 'own'),
  voted: memberKey('votes', 'voted-businesses'),
  visited: memberKey('votes', 'visited-businesses'),
};

export const availableVotesQueryOptions = () =>
  queryOptions({
    queryKey: votingKeys.available,
    queryFn: async ({ signal }) =>
      (await api.get<AvailableVotes>('/api/user/available-votes', { signal })).availableVotes,
    ...polling,
  });

export const ownVotesQueryOptions = () =>
  queryOptions({
    queryKey: votingKeys.own,
    queryFn: ({ signal }) => api.get<VoteCounts>('/api/user/own-votes', { signal }),
    ...polling,
  });

export const votedBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: votingKeys.voted,
    queryFn: ({ signal }) =>
      api.get<PublicBusiness[]>('/api/user/voted-businesses', { signal }),
    ...polling,
  });

export const visitedBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: votingKeys.visited,
    queryFn: ({ signal }) =>
      api.get<PublicBusiness[]>('/api/user/visited-businesses', { signal }),
    ...polling,
  });

export const useAvailableVotes = () => useQuery(availableVotesQueryOptions());
export const useOwnVotes = () => useQuery(ownVotesQueryOptions());
export const useVotedBusinesses = () => useQuery(votedBusinessesQueryOptions());
export const useVisitedBusinesses = () => useQuery(visitedBusinessesQueryOptions());
