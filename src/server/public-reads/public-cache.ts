import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Public answers may be stored by browsers and proxies but are checked with the server before
 * each use (docs/decisions/0016): an organizer's change shows at the next page load, and an
 * unchanged answer costs a 304 without a body.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'no-cache';

/** A public answer's JSON and its strong validator, hashed once per computation. */
export interface CachedJson {
  body: string;
  etag: string;
  /**
   * `accept-language` when the answer speaks the request's language (the organizer's content,
   * docs/decisions/0050-content-languages.md): caches then keep one answer per language.
   */
  vary?: string;
}

/** The Vary of an answer in the request's language. */
export const VARY_LANGUAGE = 'accept-language';

/** JSON text with its strong validator (a hash of the text: equal on every instance for equal answers). */
export const jsonWithValidator = (body: string): CachedJson => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/**
 * A member's answer in a language (docs/decisions/0050-content-languages.md): its validator names
 * the language, so a validator of one language's answer never matches another's (equal bodies
 * included), and it says Vary: Accept-Language.
 */
export const jsonInLanguage = ({ body, etag }: CachedJson, language: string): CachedJson => ({
  body,
  etag: `${etag.slice(0, -1)}.${language}"`,
  vary: VARY_LANGUAGE,
});

/**
 * An answer checked against its route's answer schema as every other answer is (unknown keys
 * stripped, so nothing unlisted such as a redemption code can leave), as JSON with its validator.
 */
export const checkedJson = <S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
  vary?: string,
): CachedJson => {
  const json = jsonWithValidator(JSON.stringify(schema.parse(value)));
  return vary ? { ...json, vary } : json;
};

/** Entries held at once; past this, expired ones are swept, and a still-full cache serves uncached. */
export const MAX_ENTRIES = 10_000;

/**
 * Public answers and rendered public pages, kept for a moment in this process so a crowd of
 * visitors costs one computation per key per interval instead of one per visit. Its owner
 * (public-reads.ts) clears it on every organizer change (docs/decisions/0016).
 */
export class PublicReadCache {
  private readonly entries = new Map<
    string,
    { expiresAt: number; value: Promise<unknown>; settled?: { value: unknown } }
  >();

  /** `now` is monotonic milliseconds (tests step it instead of waiting). */
  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The checked JSON of `compute()` (`checkedJson`), once per computation rather than per request. */
  json<S extends z.ZodType>(
    key: string,
    schema: S,
    compute: () => Promise<z.input<S>>,
    vary?: string,
  ): Promise<CachedJson> {
    return this.remember(key, async () => checkedJson(schema, await compute(), vary));
  }

  /** The value stored under `key` while it lives (a computation under way counts), else undefined. */
  peek<T>(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? (hit.value as Promise<T>) : undefined;
  }

  /**
   * The value stored under `key` once computed, while it lives; undefined while it is computed or
   * when there is none. A hit costs no promise: a kept page is sent in the request's own tick.
   */
  peekSettled<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit?.settled && hit.expiresAt > this.now() ? (hit.settled.value as T) : undefined;
  }

  /**
   * `compute()`'s value, kept for the cache's lifetime from the moment it is computed: everyone
   * who asks while it is computed shares that one computation, however long it runs (a recount
   * of a large battle outlasts the lifetime many times), and a failure is forgotten at once. Not
   * an async function: a hit hands back the stored promise itself, no new one per request.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.peek<T>(key);
    if (hit) return hit;
    const now = this.now();
    // Keys such as page paths come from visitors: the map never grows past a bound.
    if (this.entries.size >= MAX_ENTRIES) this.forgetExpired(now);
    if (this.entries.size >= MAX_ENTRIES) return compute();
    const value = compute();
    // Alive while under way; the lifetime starts once the value exists.
    const entry: { expiresAt: number; value: Promise<T>; settled?: { value: unknown } } = {
      expiresAt: Number.POSITIVE_INFINITY,
      value,
    };
    this.entries.set(key, entry);
    value.then(
      (computed) => {
        entry.settled = { value: computed };
        entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear() {
    this.entries.clear();
  }

  private forgetExpired(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Whether an If-None-Match header (a list of tags, or `*`) names this answer. */
export function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends cached JSON as is (a string payload skips serialization) with its ETag, or 304 without a
 * body when the browser already holds it. A member's own answer is `private`. An answer in the
 * request's language says so in Vary.
 */
export function sendJson(
  reply: FastifyReply,
  { body, etag, vary }: CachedJson,
  cacheControl = PUBLIC_READ_CACHE_CONTROL,
) {
  void reply.header('cache-control', cacheControl).header('etag', etag);
  if (vary) void reply.header('vary', vary);
  if (matches(reply.request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
