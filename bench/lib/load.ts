import { createRequire } from 'node:module';
import autocannon, { type Request } from 'autocannon';
import { percentile } from './stats.ts';

/** autocannon's queue of one connection's answers in flight (lib/pipelinedRequestsQueue.js). */
const AnswersInFlight = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as {
  prototype: { addBody(chunk: Buffer): void };
};
// autocannon appends every answer's body to a string, for checks these benches never ask for
// (expectBody, onResponse): for a compressed page that decodes binary bytes as UTF-8, which cost
// the load client (one thread, on the server's machine) 40 µs an answer against 24 µs for ASCII
// bytes of the same size, and the server slowed with it; the req/s measured the client. Bodies are
// counted (their bytes and timing stay autocannon's), not kept. docs/decisions/0027.
AnswersInFlight.prototype.addBody = () => undefined;

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Answers by HTTP status (a 304 is counted in non2xx by autocannon, and here by its code). */
  statusCounts: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Fixed duration in seconds, or a fixed number of requests. */
  duration?: number;
  amount?: number;
  requests?: Request[];
  headers?: Record<string, string>;
  /** Requests per second over all connections at most (an arriving crowd, not a closed loop). */
  overallRate?: number;
  /**
   * Answers at the start of the run left out of its throughput and latency: the run opens all its
   * connections and sends their first requests in the same instant, a burst no steady crowd makes.
   * They still count as errors or non-2xx answers.
   */
  leadIn?: number;
}

/**
 * One autocannon run: its mean throughput (requests over the run's whole duration, or over the
 * part after the lead-in) and latency percentiles.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const leadIn = options.leadIn ?? 0;
  const latencies: number[] = [];
  let measuredFrom = 0;
  let lastAnswerAt = 0;
  let answers = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        // autocannon notices the end of a fixed amount only at its next sample: sample often, so the
        // measured duration (and the throughput) is not rounded up to whole seconds.
        sampleInt: 50,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
        ...(options.requests ? { requests: options.requests } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    if (leadIn > 0) {
      run.on('response', (_client, _status, _bytes, responseTimeMs) => {
        answers += 1;
        lastAnswerAt = performance.now();
        if (answers === leadIn) measuredFrom = lastAnswerAt;
        else if (answers > leadIn) latencies.push(responseTimeMs);
      });
    }
  });
  if (leadIn === 0) {
    return {
      requestsPerSecond:
        result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      statusCounts: statusCountsOf(result),
    };
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / ((lastAnswerAt - measuredFrom) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCounts: statusCountsOf(result),
  };
}

function statusCountsOf(result: autocannon.Result): Record<string, number> {
  const stats = result.statusCodeStats as Record<string, { count: number } | undefined>;
  return Object.fromEntries(
    Object.entries(stats).map(([status, each]) => [status, each?.count ?? 0]),
  );
}
