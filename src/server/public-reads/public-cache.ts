import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ChangeFeed } from '../db/changes.ts';

/**
 * The JSON of public reads (active challenge, shops, vote totals), kept for a moment in this
 * process so a crowd of visitors costs one query per key per interval instead of one per visit.
 * Organizer writes clear it at once on this instance and, through the change notifications, on
 * every other (docs/decisions/0016). Concurrent misses share one computation.
 */
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
}

export class PublicReadCache {
  private readonly entries = new Map<string, { expiresAt: number; body: Promise<CachedJson> }>();

  constructor(readonly ttlMs: number) {}

  /**
   * The JSON of `compute()`, checked against the route's answer schema as every other answer is
   * (unknown keys stripped, so nothing unlisted such as a redemption code can leave), once per
   * computation rather than per request.
   */
  json<S extends z.ZodType>(
    key: string,
    schema: S,
    compute: () => Promise<z.input<S>>,
  ): Promise<CachedJson> {
    const encode = async () => {
      const body = JSON.stringify(schema.parse(await compute()));
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    };
    if (this.ttlMs <= 0) return encode();
    const now = performance.now();
    const hit = this.entries.get(key);
    // Not an async function: a hit hands back the stored promise itself, no new one per request.
    if (hit && hit.expiresAt > now) return hit.body;
    const body = encode();
    this.entries.set(key, { expiresAt: now + this.ttlMs, body });
    body.catch(() => this.entries.delete(key));
    return body;
  }

  clear() {
    this.entries.clear();
  }
}

/** Whether an If-None-Match header (a list of tags, or `*`) names this answer. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends cached JSON as is (a string payload skips serialization) with its ETag, or 304 without a
 * body when the browser already holds it.
 */
export function sendJson(reply: FastifyReply, { body, etag }: CachedJson) {
  void reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL).header('etag', etag);
  if (matches(reply.request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * After an organizer's committed write: clears this instance's public answers at once and every
 * other instance's as the change feed's notice arrives (ChangeFeed.announcePublicChange only
 * sends the notice). A failed notice is logged, not the write's error: the write is done.
 */
export async function clearPublicReadsEverywhere(
  { publicCache, changes }: { publicCache: PublicReadCache; changes: ChangeFeed },
  log: FastifyBaseLogger,
) {
  publicCache.clear();
  try {
    await changes.announcePublicChange();
  } catch (error) {
    log.warn({ err: error }, 'other instances were not told of a change to public answers');
  }
}
