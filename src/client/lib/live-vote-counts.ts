import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VoteCounts } from '#shared/businesses.ts';
import { queryKeys } from './query-keys.ts';
import { followVoteCounts } from './vote-stream.ts';

/**
 * Follows the vote stream (vote-stream.ts): each message is the public counts, written to the
 * cache under `queryKeys.voteCounts` so the rank badges rerender; `refresh` names a query built
 * from the counts (the organizer's standings) to fetch again. Use it once per page. Answers
 * whether the stream is live, so callers poll only when it is not.
 */
export function useLiveVoteCounts({
  enabled = true,
  refresh,
}: { enabled?: boolean; refresh?: QueryKey } = {}): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    return followVoteCounts({
      onCounts(counts, first) {
        queryClient.setQueryData<VoteCounts>(queryKeys.voteCounts, counts);
        // The first message only confirms what the page just fetched.
        const key = refreshRef.current;
        if (key && !first) void queryClient.invalidateQueries({ queryKey: key });
      },
      onLive: setLive,
    });
  }, [enabled, queryClient]);

  return enabled && live;
}
