import type { FastifyReply } from 'fastify';

/**
 * The JSON of public reads (active challenge, shops, vote totals), kept for a moment in this
 * process so a crowd of visitors costs one query per key per interval instead of one per visit.
 * Organizer writes on this instance clear it at once; other instances see a change within the
 * interval. Concurrent misses share one computation.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, { expiresAt: number; body: Promise<string> }>();

  constructor(readonly ttlMs: number) {}

  async json(key: string, compute: () => Promise<unknown>): Promise<string> {
    if (this.ttlMs <= 0) return JSON.stringify(await compute());
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.body;
    const body = compute().then((value) => JSON.stringify(value));
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
