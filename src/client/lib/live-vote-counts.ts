import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VoteCounts } from '#shared/businesses.ts';
import { queryKeys } from './query-keys.ts';

/** After this many failures in a row the page stops trying for a while and polls instead. */
const MAX_STREAM_FAILURES = 3;
/** How long the page polls before it tries the stream again; doubled after each failed try. */
export const STREAM_RETRY_FIRST_MS = 30_000;
export const STREAM_RETRY_MAX_MS = 10 * 60_000;

/**
 * Follows GET /api/votes/stream (docs/decisions/0016) with one EventSource: each message is the
 * public counts, written to the cache under `queryKeys.voteCounts` so the rank badges rerender;
 * `refresh` names a query built from the counts (the organizer's standings) to fetch again.
 * Use it once per page. Answers whether the stream is live, so callers poll only when it is not
 * (no EventSource, a stream the server refused, or one that failed repeatedly); a stream that
 * is not live is tried again later, less often after each failure.
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
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = STREAM_RETRY_FIRST_MS;
    let first = true;
    const open = () => {
      const current = new EventSource('/api/votes/stream');
      source = current;
      let failures = 0;
      current.onmessage = (event: MessageEvent<string>) => {
        failures = 0;
        pause = STREAM_RETRY_FIRST_MS;
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
      current.onerror = () => {
        failures += 1;
        setLive(false);
        // EventSource retries a dropped stream by itself, but not one the server refused (429 or
        // 503 when too many are open): then, or after repeated drops, poll and try again later.
        if (current.readyState !== EventSource.CLOSED && failures < MAX_STREAM_FAILURES) return;
        current.close();
        retry = setTimeout(open, pause);
        pause = Math.min(pause * 2, STREAM_RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, queryClient]);

  return enabled && live;
}
