import type { ChangeFeed } from '../../db/changes.ts';

export interface LiveCountsOptions {
  /** The public counts' JSON, read from the database (the same answer as GET /api/votes). */
  read: () => Promise<string>;
  changes: ChangeFeed;
  /** At most one broadcast per interval (docs/decisions/0016: one second). */
  intervalMs: number;
  now?: () => number;
}

export type CountsSubscriber = (json: string) => void;

/**
 * The public vote counts for every open stream of this instance: one database read per coalesced
 * change, whatever the number of streams, and at most one broadcast per interval. A broadcast is
 * skipped when the counts read are the ones last sent.
 */
export class LiveCounts {
  private readonly subscribers = new Set<CountsSubscriber>();
  private readonly unsubscribeChanges: () => void;
  private readonly now: () => number;
  /** The counts as last read while every change since was followed; undefined when unknown. */
  private snapshot: string | undefined;
  /** Bumped by every change, so a read that started before one is not kept as current. */
  private generation = 0;
  private pendingRead: Promise<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastBroadcastAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(private readonly options: LiveCountsOptions) {
    this.now = options.now ?? (() => performance.now());
    // Any change may move the public counts: a vote, an organizer's edit, a lost connection.
    this.unsubscribeChanges = options.changes.subscribe(() => this.changed());
  }

  get streamCount() {
    return this.subscribers.size;
  }

  /** The current counts, shared by callers arriving together. */
  current(): Promise<string> {
    if (this.snapshot !== undefined) return Promise.resolve(this.snapshot);
    if (this.pendingRead) return this.pendingRead;
    const generation = this.generation;
    const read = this.options.read().then(
      (json) => {
        if (this.pendingRead === read) this.pendingRead = undefined;
        if (generation === this.generation && this.subscribers.size > 0) this.snapshot = json;
        return json;
      },
      (error: unknown) => {
        if (this.pendingRead === read) this.pendingRead = undefined;
        throw error;
      },
    );
    this.pendingRead = read;
    return read;
  }

  subscribe(subscriber: CountsSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      // Nobody follows changes now, so what we hold may go stale.
      if (this.subscribers.size === 0) this.snapshot = undefined;
    };
  }

  /**
   * Reads the counts again even without a notice, and sends them if they moved: a notice can be
   * lost (the instance that took a vote stopped before announcing it), so streams are re-checked
   * now and then instead of trusting notices alone.
   */
  recheck() {
    if (this.subscribers.size > 0) this.changed();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.unsubscribeChanges();
    this.subscribers.clear();
  }

  private changed() {
    this.generation += 1;
    this.pendingRead = undefined;
    if (this.subscribers.size === 0) {
      this.snapshot = undefined;
      return;
    }
    if (this.timer || this.closed) return;
    const wait = Math.max(0, this.lastBroadcastAt + this.options.intervalMs - this.now());
    this.timer = setTimeout(() => void this.broadcast(), wait);
  }

  private async broadcast() {
    this.timer = undefined;
    this.lastBroadcastAt = this.now();
    const previous = this.snapshot;
    this.snapshot = undefined;
    let json: string;
    try {
      json = await this.current();
    } catch {
      // The database is unreachable: try again after the interval.
      this.changed();
      return;
    }
    if (this.closed || json === previous) return;
    for (const subscriber of this.subscribers) subscriber(json);
  }
}
