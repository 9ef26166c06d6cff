import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { challenges } from '../db/schema.ts';
import {
  jsonInLanguage,
  jsonWithValidator,
  type CachedJson,
} from '../public-reads/public-cache.ts';

/** How a member's kept answer is sent (public-cache.ts sendJson): never by a shared cache. */
export const MEMBER_ANSWER_CACHE_CONTROL = 'private, no-cache';

/** How many answers one instance keeps: a few MB at most (a slim progress answer is ~1 KB). */
const MEMBER_ANSWER_ENTRIES = 50_000;

/**
 * The backstop: an answer is sent again from the database after this long even when nothing was
 * announced, in case a notice was lost with the process that should have sent it.
 */
export const MEMBER_ANSWER_TTL_MS = 10 * 60_000;

/** The member reads kept in memory; each name is one route's answer. */
export type MemberAnswerName = 'progress' | 'pass';

/** Where a member's answer is kept: per language for one that speaks the request's. */
const keyOf = (name: MemberAnswerName, userId: number, language: string | undefined) =>
  language === undefined ? `${name} ${userId}` : `${name} ${userId}@${language}`;

interface KeptAnswer extends CachedJson {
  passId: number;
  /** Monotonic milliseconds, for the lifetime. */
  keptAt: number;
  /** The app's clock when it was read: a clock moved back before it (tests) is not trusted. */
  readAt: number;
  /** The next start or end of an active challenge after `readAt` (rule 1 may pick another battle). */
  validUntil: number;
}

/** What a member read computes from the database: the body, and the pass whose changes move it. */
export interface ComputedMemberAnswer {
  passId: number;
  body: unknown;
}

export interface MemberAnswersOptions {
  db: Db;
  changes: ChangeFeed;
  /** The app's clock (tests move it); the phase of a battle is read against it. */
  clock: () => Date;
  ttlMs?: number;
  maxEntries?: number;
  monotonicNow?: () => number;
}

/**
 * What each pass holder was last sent by the reads /profile polls, kept on this instance so an
 * unchanged poll is answered from memory, with 304 when the client holds it (docs/decisions/0032).
 * Correct because everything that moves such an answer is announced to every instance: the pass's
 * own writes (`pass` notices: redeem, vote, reset, switch), an organizer's change (`publicReads`:
 * shops added, deleted, paused, a battle's dates or state), and time itself is bounded by the next
 * start or end of an active battle. While this instance is not hearing every notice, nothing is
 * served or kept: every poll reads the database.
 */
export class MemberAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private readonly keysOfPass = new Map<number, Set<string>>();
  /** Moves on every forget: a read that began before one keeps nothing (it may be stale). */
  private generation = 0;
  private phaseChange: { from: number; at: number; generation: number } | undefined;
  private readonly stop: () => void;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly monotonicNow: () => number;

  constructor(private readonly options: MemberAnswersOptions) {
    this.ttlMs = options.ttlMs ?? MEMBER_ANSWER_TTL_MS;
    this.maxEntries = options.maxEntries ?? MEMBER_ANSWER_ENTRIES;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
    this.stop = options.changes.subscribe((change) => {
      if (change.kind === 'pass') this.forgetPass(change.passId);
      else if (change.kind === 'publicReads' || change.kind === 'everything') this.clear();
    });
  }

  /**
   * The member's answer `name`: the kept one while it is still true, else `compute()`'s, kept.
   * Errors (no pass: 404) are thrown as they are and keep nothing. An answer that speaks the
   * request's language is kept per `language`, whose name its validator carries and whose Vary it
   * says (public-cache.ts jsonInLanguage): one language's 304 never answers another's poll.
   */
  async answer(
    name: MemberAnswerName,
    userId: number,
    compute: () => Promise<ComputedMemberAnswer>,
    language?: string,
  ): Promise<CachedJson> {
    const key = keyOf(name, userId, language);
    const usable = this.ttlMs > 0 && this.options.changes.listening();
    const now = this.options.clock().getTime();
    const kept = usable ? this.kept.get(key) : undefined;
    if (kept && this.stillTrue(kept, now)) return kept;
    if (kept) this.forget(key, kept.passId);

    const generation = this.generation;
    const computed = await compute();
    const json = jsonWithValidator(JSON.stringify(computed.body));
    const answer = language === undefined ? json : jsonInLanguage(json, language);
    if (usable && this.options.changes.listening()) {
      const validUntil = await this.nextPhaseChange(now);
      if (generation === this.generation) this.keep(key, computed.passId, answer, now, validUntil);
    }
    return answer;
  }

  /**
   * The validator of the member's kept answer `name` while it is still true, else undefined;
   * computes nothing (the kept-answer lane answers an unchanged poll with it, docs/decisions/0040).
   */
  keptEtag(name: MemberAnswerName, userId: number, language?: string): string | undefined {
    if (this.ttlMs <= 0 || !this.options.changes.listening()) return undefined;
    const kept = this.kept.get(keyOf(name, userId, language));
    return kept && this.stillTrue(kept, this.options.clock().getTime()) ? kept.etag : undefined;
  }

  private stillTrue(kept: KeptAnswer, now: number): boolean {
    return (
      now >= kept.readAt && now < kept.validUntil && this.monotonicNow() - kept.keptAt < this.ttlMs
    );
  }

  /**
   * When rule 1's battle or its phase may next change by time alone: the next start or end of an
   * active challenge (a battle runs to its end inclusive). Kept until an organizer's change.
   */
  private async nextPhaseChange(now: number): Promise<number> {
    const known = this.phaseChange;
    if (known && known.generation === this.generation && now >= known.from && now < known.at) {
      return known.at;
    }
    const generation = this.generation;
    const at = new Date(now).toISOString();
    const [row] = await this.options.db
      .select({
        next: sql<string | null>`min(t)`.mapWith((value: string | null) => value),
      })
      .from(
        sql`(select ${challenges.startDate} as t from ${challenges} where ${challenges.active}
             union all
             select ${challenges.endDate} + interval '1 millisecond' from ${challenges} where ${challenges.active}) as changes`,
      )
      .where(sql`t > ${at}::timestamptz`);
    const next = row?.next ? Date.parse(row.next) : Number.POSITIVE_INFINITY;
    if (generation === this.generation) this.phaseChange = { from: now, at: next, generation };
    return next;
  }

  private keep(
    key: string,
    passId: number,
    answer: CachedJson,
    readAt: number,
    validUntil: number,
  ) {
    if (!this.kept.has(key) && this.kept.size >= this.maxEntries) this.clear();
    const earlier = this.kept.get(key);
    if (earlier) this.forget(key, earlier.passId);
    this.kept.set(key, { ...answer, passId, keptAt: this.monotonicNow(), readAt, validUntil });
    let keys = this.keysOfPass.get(passId);
    if (!keys) this.keysOfPass.set(passId, (keys = new Set()));
    keys.add(key);
  }

  private forget(key: string, passId: number) {
    this.kept.delete(key);
    const keys = this.keysOfPass.get(passId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfPass.delete(passId);
  }

  private forgetPass(passId: number) {
    this.generation += 1;
    for (const key of this.keysOfPass.get(passId) ?? []) this.kept.delete(key);
    this.keysOfPass.delete(passId);
  }

  /** Forgets every answer (an organizer's change, a clock moved in tests, a lost feed). */
  clear() {
    this.generation += 1;
    this.kept.clear();
    this.keysOfPass.clear();
    this.phaseChange = undefined;
  }

  close() {
    this.stop();
  }
}
