/**
 * A Server-Sent Events client for tests and benchmarks: collects every `data:` message of a
 * stream, each with the time it arrived.
 */
export interface StreamMessage<T> {
  data: T;
  receivedAt: number;
}

export class EventStreamReader<T = unknown> {
  readonly messages: StreamMessage<T>[] = [];
  /** Lines other than data, such as `retry:` and comments. */
  readonly otherLines: string[] = [];
  readonly done: Promise<void>;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(readonly response: Response) {
    this.done = this.read().finally(() => this.wake());
  }

  static async open<T>(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<EventStreamReader<T>> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const reader = new EventStreamReader<T>(response);
    reader.abort.signal.addEventListener('abort', () => controller.abort());
    return reader;
  }

  get latest(): T | undefined {
    return this.messages.at(-1)?.data;
  }

  /** Resolves once `count` messages have arrived (or the stream ended: check `messages`). */
  async waitForMessages(count: number): Promise<void> {
    while (this.messages.length < count && !this.ended) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves with the first message (from now on or already received) that passes `check`. */
  async waitFor(check: (data: T) => boolean): Promise<StreamMessage<T>> {
    for (;;) {
      const found = this.messages.find((message) => check(message.data));
      if (found) return found;
      if (this.ended) throw new Error('the stream ended first');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close() {
    this.abort.abort();
  }

  private ended = false;
  /** Why the stream broke, when it did not end cleanly or by `close()`. */
  failure: Error | undefined;

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async read() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch (error) {
      if (!this.abort.signal.aborted) this.failure = error as Error;
    } finally {
      this.ended = true;
    }
  }

  private take(event: string) {
    const data: string[] = [];
    for (const line of event.split('\n')) {
      if (line.startsWith('data: ')) data.push(line.slice(6));
      else this.otherLines.push(line);
    }
    if (data.length === 0) return;
    this.messages.push({ data: JSON.parse(data.join('\n')) as T, receivedAt: performance.now() });
    this.wake();
  }
}
