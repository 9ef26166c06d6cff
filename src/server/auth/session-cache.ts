import type { ChangeFeed } from '../db/changes.ts';
import type { User } from '../db/schema.ts';

/** How many sessions (and as many user rows) one instance keeps: a few MB at most. */
export const SESSION_CACHE_ENTRIES = 50_000;

/** A session as the store keeps it (src/server/auth/session.ts): its data and the signed-in member. */
interface KeptSession {
  data: Record<string, unknown>;
  userId: number;
  expiresAt: Date;
  keptAt: number;
}

export interface SessionCacheOptions {
  changes: ChangeFeed;
  /** How long an entry is served at most, notified or not; 0 keeps nothing. */
  ttlMs: number;
  maxEntries?: number;
  /** Monotonic milliseconds (tests move the app's clock, not this). */
  monotonicNow?: () => number;
}

/**
 * Session → member and member → user row, kept in memory on this instance so a signed-in request
 * costs no database round trip (docs/decisions/0031). Correct because every change that could make
 * an entry wrong is announced to every instance by the database itself (the triggers on sessions
 * and users, db/changes.ts USER_CHANNEL), and nothing is served or kept while this instance is not
 * listening to those announcements. The lifetime is a backstop, not the mechanism.
 */
export class SessionCache {
  private readonly sessions = new Map<string, KeptSession>();
  private readonly sidsOfUser = new Map<number, Set<string>>();
  private readonly users = new Map<number, { user: User; keptAt: number }>();
  /** Moves on every forget: a read that began before one keeps nothing (it may be stale). */
  private generation = 0;
  private readonly stop: () => void;
  private readonly changes: ChangeFeed;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly monotonicNow: () => number;

  constructor(options: SessionCacheOptions) {
    this.changes = options.changes;
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_ENTRIES;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
    this.stop = options.changes.subscribe((change) => {
      if (change.kind === 'user') this.forgetUser(change.userId);
      else if (change.kind === 'everything') this.clear();
    });
  }

  /** Whether entries may be served and kept now: on, and hearing every change. */
  private usable(): boolean {
    return this.ttlMs > 0 && this.changes.listening();
  }

  private fresh(keptAt: number): boolean {
    return this.monotonicNow() - keptAt < this.ttlMs;
  }

  /** Pass to `keepSession`/`keepUser` after reading the database. */
  startRead(): number {
    return this.generation;
  }

  /** A copy of the session's data (the session plugin changes what it gets), or undefined. */
  session(sid: string, now: Date): Record<string, unknown> | undefined {
    if (!this.usable()) return undefined;
    const kept = this.sessions.get(sid);
    if (!kept) return undefined;
    if (!this.fresh(kept.keptAt) || kept.expiresAt <= now) {
      this.forgetSession(sid);
      return undefined;
    }
    return structuredClone(kept.data);
  }

  /**
   * The signed-in member of a kept session, without copying its data: for the kept-answer lane's
   * unchanged polls (docs/decisions/0040), which read nothing else of the session.
   */
  signedInMember(sid: string, now: Date): number | undefined {
    if (!this.usable()) return undefined;
    const kept = this.sessions.get(sid);
    if (!kept || !this.fresh(kept.keptAt) || kept.expiresAt <= now) return undefined;
    return kept.userId;
  }

  keepSession(
    read: number,
    sid: string,
    session: { data: Record<string, unknown>; userId: number; expiresAt: Date },
  ): void {
    if (read !== this.generation || !this.usable()) return;
    this.removeSession(sid);
    if (this.sessions.size >= this.maxEntries) this.evictOldestSession();
    this.sessions.set(sid, {
      data: structuredClone(session.data),
      userId: session.userId,
      expiresAt: session.expiresAt,
      keptAt: this.monotonicNow(),
    });
    let sids = this.sidsOfUser.get(session.userId);
    if (!sids) this.sidsOfUser.set(session.userId, (sids = new Set()));
    sids.add(sid);
  }

  user(userId: number): User | undefined {
    if (!this.usable()) return undefined;
    const kept = this.users.get(userId);
    if (!kept) return undefined;
    if (!this.fresh(kept.keptAt)) {
      this.users.delete(userId);
      return undefined;
    }
    return kept.user;
  }

  keepUser(read: number, user: User): void {
    if (read !== this.generation || !this.usable()) return;
    if (this.users.size >= this.maxEntries && !this.users.has(user.id)) {
      const oldest = this.users.keys().next();
      if (!oldest.done) this.users.delete(oldest.value);
    }
    this.users.set(user.id, { user, keptAt: this.monotonicNow() });
  }

  forgetSession(sid: string): void {
    this.generation += 1;
    this.removeSession(sid);
  }

  private removeSession(sid: string) {
    const kept = this.sessions.get(sid);
    if (!kept) return;
    this.sessions.delete(sid);
    const sids = this.sidsOfUser.get(kept.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.sidsOfUser.delete(kept.userId);
  }

  /** Every session of the member and their row: signed out, re-passworded, role or email changed. */
  forgetUser(userId: number): void {
    this.generation += 1;
    for (const sid of this.sidsOfUser.get(userId) ?? []) this.sessions.delete(sid);
    this.sidsOfUser.delete(userId);
    this.users.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.sessions.clear();
    this.sidsOfUser.clear();
    this.users.clear();
  }

  close(): void {
    this.stop();
    this.clear();
  }

  private evictOldestSession() {
    const oldest = this.sessions.keys().next();
    if (!oldest.done) this.removeSession(oldest.value);
  }
}
