// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveVoteCounts } from './live-vote-counts.ts';
import { STREAM_RETRY_FIRST_MS, STREAM_RETRY_MAX_MS } from './vote-stream.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An EventSource the test drives: it opens nothing, the test says what the server answered. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static created: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.created.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered 429 or 503: the browser fails the stream for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.onerror?.());
  }

  /** The connection dropped: the browser will reconnect by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    act(() => this.onerror?.());
  }

  send(counts: Record<string, number>) {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(counts) })));
  }
}

const latest = () => FakeEventSource.created.at(-1)!;
let liveness: boolean[];

function Page() {
  liveness.push(useLiveVoteCounts());
  return null;
}

let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.created = [];
  liveness = [];
  root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useLiveVoteCounts', () => {
  it('polls while the server refuses the stream, and tries the stream again later', () => {
    expect(FakeEventSource.created).toHaveLength(1);
    latest().refuse();
    expect(liveness.at(-1)).toBe(false);

    wait(STREAM_RETRY_FIRST_MS - 1);
    expect(FakeEventSource.created).toHaveLength(1);
    wait(1);
    expect(FakeEventSource.created).toHaveLength(2);
    latest().send({ '1': 3 });
    expect(liveness.at(-1)).toBe(true);
  });

  it('backs off after each failed try, up to a limit, and starts over once the stream is live', () => {
    // Half a minute, doubled after each refused try, never more than ten minutes.
    const pauses = [30, 60, 120, 240, 480, 600, 600].map((seconds) => seconds * 1000);
    expect(pauses[0]).toBe(STREAM_RETRY_FIRST_MS);
    for (const [index, expected] of pauses.entries()) {
      latest().refuse();
      wait(expected - 1);
      expect(FakeEventSource.created).toHaveLength(index + 1);
      wait(1);
      expect(FakeEventSource.created).toHaveLength(index + 2);
    }
    expect(pauses.at(-1)).toBe(STREAM_RETRY_MAX_MS);

    latest().send({ '1': 1 });
    latest().refuse();
    wait(STREAM_RETRY_FIRST_MS);
    expect(FakeEventSource.created).toHaveLength(pauses.length + 2);
  });

  it('leaves a dropped stream to the browser, and gives up on it for a while after three drops', () => {
    latest().send({ '1': 1 });
    latest().drop();
    latest().drop();
    expect(latest().readyState).not.toBe(FakeEventSource.CLOSED);
    latest().drop();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(liveness.at(-1)).toBe(false);
    wait(STREAM_RETRY_FIRST_MS);
    expect(FakeEventSource.created).toHaveLength(2);
  });

  it('stops trying when the page goes away', () => {
    latest().refuse();
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    wait(STREAM_RETRY_MAX_MS);
    expect(FakeEventSource.created).toHaveLength(1);
  });
});
