import type { VoteCounts } from '#shared/businesses.ts';
import { endpoints } from '#shared/endpoints.ts';

/** After this many failures in a row the page stops trying for a while and polls instead. */
const MAX_STREAM_FAILURES = 3;
/** How long the page polls before it tries the stream again; doubled after each failed try. */
export const STREAM_RETRY_FIRST_MS = 30_000;
export const STREAM_RETRY_MAX_MS = 10 * 60_000;

export interface VoteStreamListener {
  /** Every message: the public counts, shop id → votes. */
  onCounts(counts: VoteCounts, first: boolean): void;
  /** Whether the stream is live now; while it is not, the caller polls GET /api/votes. */
  onLive(live: boolean): void;
}

/**
 * Follows GET /api/votes/stream (docs/decisions/0016) with one EventSource, without any
 * framework: the web app's hook (live-vote-counts.ts) and the public pages' script
 * (src/client/document) both use it. A stream the server refused, or one that failed repeatedly,
 * is tried again later, less often after each failure. Returns the function that stops it.
 */
export function followVoteCounts(listener: VoteStreamListener): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = STREAM_RETRY_FIRST_MS;
  let first = true;
  const open = () => {
    const current = new EventSource(endpoints.voteStream.path);
    source = current;
    let failures = 0;
    current.onmessage = (event: MessageEvent<string>) => {
      failures = 0;
      pause = STREAM_RETRY_FIRST_MS;
      listener.onCounts(JSON.parse(event.data) as VoteCounts, first);
      first = false;
      listener.onLive(true);
    };
    current.onerror = () => {
      failures += 1;
      listener.onLive(false);
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
}
