import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * The JSON of public reads (active challenge, shops, vote totals), kept for a moment in this
 * process so a crowd of visitors costs one query per key per interval instead of one per visit.
 * Organizer writes on this instance clear it at once; other instances see a change within the
 * interval. Concurrent misses share one computation.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, { expiresAt: number; body: Promise<string> }>();

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
  ): Promise<string> {
    const encode = async () => JSON.stringify(schema.parse(await compute()));
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

/** Sends cached JSON as is: a string payload skips serialization. */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
