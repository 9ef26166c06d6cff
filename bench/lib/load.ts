import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Fixed duration in seconds, or a fixed number of requests. */
  duration?: number;
  amount?: number;
  requests?: Request[];
  headers?: Record<string, string>;
}

/**
 * One autocannon run: its mean throughput (requests over the run's whole duration) and latency
 * percentiles.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    // autocannon notices the end of a fixed amount only at its next sample: sample often, so the
    // measured duration (and the throughput) is not rounded up to whole seconds.
    sampleInt: 50,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    ...(options.requests ? { requests: options.requests } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return {
    requestsPerSecond: result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
