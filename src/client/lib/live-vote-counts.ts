import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VoteCounts } from '#shared/businesses.ts';
import { queryKeys } from './query-keys.ts';

/** After this many failures in a row the page stops trying and polls instead. */
const MAX_STREAM_FAILURES = 3;

/**
 * Follows GET /api/votes/stream (docs/decisions/0016) with one EventSource: each message is the
 * public counts, written to the cache under `queryKeys.voteCounts` so the rank badges rerender;
 * `refresh` names a query built from the counts (the organizer's standings) to fetch again.
 * Use it once per page. Answers whether the stream is live, so callers poll only when it is not
 * (no EventSource, or it failed repeatedly).
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
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/votes/stream');
    let failures = 0;
    let first = true;
    source.onmessage = (event: MessageEvent<string>) => {
      failures = 0;
      queryClient.setQueryData<VoteCounts>(
        queryKeys.voteCounts,
        JSON.parse(event.data) as VoteCounts,
      );
      // The first message only confirms what the page just fetched.
      const key = refreshRef.current;
      if (key && !first) void queryClient.invalidateQueries({ queryKey: key });
      first = false;
      setLive(true);
    };
    source.onerror = () => {
      failures += 1;
      setLive(false);
      // EventSource retries by itself; after repeated failures polling takes over for good.
      if (failures >= MAX_STREAM_FAILURES) source.close();
    };
    return () => source.close();
  }, [enabled, queryClient]);

  return enabled && live;
}
