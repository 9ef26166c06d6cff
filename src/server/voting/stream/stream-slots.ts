import { AppError } from '../../errors.ts';

/** How long a refused client is told to wait (Retry-After); it polls meanwhile. */
export const STREAM_REFUSED_RETRY_SECONDS = 60;

export interface StreamLimits {
  /** Open streams one client address may hold on this instance (STREAMS_PER_ADDRESS). */
  perAddress: number;
  /** Open streams this instance holds in all (STREAMS_PER_INSTANCE). */
  perInstance: number;
}

const refused = (status: 429 | 503, message: string) =>
  new AppError(status, message, { 'retry-after': String(STREAM_REFUSED_RETRY_SECONDS) });

/**
 * Counts the open vote streams of this instance, per client address and in all. Each stream holds
 * a socket and a place in every broadcast, so one address cannot open thousands; the cap per
 * address is generous because many phones share one carrier address.
 */
export class StreamSlots {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: StreamLimits) {}

  /**
   * Takes a slot for `address` (429 when the address holds its share, 503 when the instance is
   * full, both with Retry-After) and answers its release, which may be called more than once.
   */
  take(address: string): () => void {
    if (this.total >= this.limits.perInstance)
      throw refused(503, 'Too many live updates open on this server. Please try again later.');
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.limits.perAddress)
      throw refused(429, 'Too many live updates open from your network. Please try again later.');
    this.perAddress.set(address, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }
}
