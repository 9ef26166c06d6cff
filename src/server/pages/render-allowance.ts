/** How many server renders of public pages one address may have: a burst, refilled per minute. */
export interface PageRenderLimit {
  burst: number;
  perMinute: number;
}

/**
 * A render costs far more CPU than a cached answer (`npm run bench` reports one; docs/SECURITY.md),
 * so an address may have 10 at once and 12 a minute after that, a small share of a core; a person reloading a page never
 * notices, and a visitor over it still gets the working page, drawn by the browser.
 */
export const DEFAULT_PAGE_RENDER_LIMIT: PageRenderLimit = { burst: 10, perMinute: 12 };

/** Addresses remembered at once; past this, new ones get the plain shell until buckets refill. */
const MAX_ADDRESSES = 50_000;

/**
 * A token bucket per address, in this process's memory: what it protects is this instance's CPU.
 * Buckets that have refilled are forgotten, so memory stays bounded.
 */
export class RenderAllowance {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limit: PageRenderLimit) {}

  /** True when `address` may have a render now (and counts it). */
  take(address: string, now: number): boolean {
    const bucket = this.buckets.get(address);
    if (!bucket && this.buckets.size >= MAX_ADDRESSES) {
      this.forgetRefilled(now);
      if (this.buckets.size >= MAX_ADDRESSES) return false;
    }
    const tokens = bucket ? this.tokensAt(bucket, now) : this.limit.burst;
    const allowed = tokens >= 1;
    this.buckets.set(address, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  private tokensAt(bucket: { tokens: number; at: number }, now: number): number {
    const refilled = (Math.max(0, now - bucket.at) * this.limit.perMinute) / 60_000;
    return Math.min(this.limit.burst, bucket.tokens + refilled);
  }

  private forgetRefilled(now: number) {
    for (const [address, bucket] of this.buckets) {
      if (this.tokensAt(bucket, now) >= this.limit.burst) this.buckets.delete(address);
    }
  }
}
