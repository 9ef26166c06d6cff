/** What code that needs the time receives: the server clock's `now`. */
export type Clock = () => Date;

/**
 * The server's one clock. main.ts creates it once and hands its `now` to the app, the mail
 * worker, the scheduler and the seed, so moving it (browser tests' POST /api/testing/clock under
 * TEST_CLOCK, see routes.ts; unit tests' `set`/`advance`) moves every date rule and every
 * scheduled job together. Rate-limit windows and job claims use the database's `now()` instead:
 * they must agree across instances, whose clocks differ, and no rule depends on them.
 */
export class ServerClock {
  private offsetMs = 0;

  /** `source` is real time on a server; tests pass a fixed instant (ServerClock.stoppedAt). */
  constructor(private readonly source: Clock = () => new Date()) {}

  /** A clock that stands still at `instant` until a test sets or advances it. */
  static stoppedAt(instant: Date = new Date()): ServerClock {
    const fixed = new Date(instant);
    return new ServerClock(() => fixed);
  }

  readonly now: Clock = () => new Date(this.source().getTime() + this.offsetMs);

  /** Runs the clock this far ahead of (or behind) its source. */
  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }

  set(instant: Date): void {
    this.offsetMs = instant.getTime() - this.source().getTime();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
