import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db, PoolStats } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { AppError, notFound } from '../errors.ts';

export interface MetricsOptions {
  db: Db;
  /** METRICS_TOKEN; unset: no metrics are kept and /metrics answers 404. */
  token: string | undefined;
  poolStats: (() => PoolStats) | undefined;
  /** Server renders of public pages this process has started (cache misses only). */
  pageRenders: () => number;
  /** The request counters (present when the token is): the kept-answer lane counts into them too. */
  requests: RequestMetrics | undefined;
  /** Statements this process has sent to the database (Database.queryCount), when counted. */
  databaseStatements?: (() => number) | undefined;
}

/**
 * Requests answered, by route pattern, and their durations, in the registry /metrics reads.
 * Built before the app, since the kept-answer lane (public-reads/kept-answer-lane.ts) answers
 * some requests before Fastify sees them.
 */
export class RequestMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    this.requests = new Counter({
      name: 'lb_http_requests_total',
      help: 'HTTP requests answered, by route pattern',
      labelNames,
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'lb_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
  }

  /** One answered request. */
  readonly observe = (method: string, route: string, statusCode: number, seconds: number) => {
    const labels = { method, route, status_code: String(statusCode) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  };
}

/** Equal-length digests, so comparing them takes the same time whatever the token guessed. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Counts the site's figures at scrape time, from the database: every instance reports the same
 * truth, including writes other instances made and those before a restart, and the redeem and
 * vote paths carry no extra work.
 */
async function siteFigures(db: Db) {
  const [row = {}] = await queryRows<Record<string, string | number>>(
    db,
    sql`
    select
      (select count(*) from mail_outbox where sent_at is null and gave_up_at is null and suppressed_at is null) as outbox_unsent,
      (select count(*) from mail_outbox where gave_up_at is not null) as outbox_given_up,
      (select count(*) from coupons where redeemed) as redemptions,
      (select count(*) from votes) as votes
  `,
  );
  return {
    outboxUnsent: Number(row.outbox_unsent ?? 0),
    outboxGivenUp: Number(row.outbox_given_up ?? 0),
    redemptions: Number(row.redemptions ?? 0),
    votes: Number(row.votes ?? 0),
  };
}

function siteMetrics(registry: Registry, options: MetricsOptions) {
  const figures = { current: undefined as ReturnType<typeof siteFigures> | undefined };
  // One query per scrape feeds all four gauges.
  const read = () => (figures.current ??= siteFigures(options.db));
  const gauge = (
    name: string,
    help: string,
    pick: (f: Awaited<ReturnType<typeof siteFigures>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge(
    'lb_mail_outbox_unsent',
    'Emails waiting in the outbox (not sent, not given up)',
    (f) => f.outboxUnsent,
  );
  gauge(
    'lb_mail_outbox_given_up',
    'Emails given up on after the last retry',
    (f) => f.outboxGivenUp,
  );
  gauge(
    'lb_redemptions',
    'Coupons redeemed, all challenges (read from the database)',
    (f) => f.redemptions,
  );
  gauge('lb_votes', 'Votes cast, all challenges (read from the database)', (f) => f.votes);
  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: 'lb_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return { startScrape: () => (figures.current = undefined) };
}

/**
 * GET /metrics in Prometheus' text format, for an operator's scraper only: off (404) unless
 * METRICS_TOKEN is set, then only with `Authorization: Bearer <token>`. Requests are labelled by
 * route pattern (`/shop/:token`), never by the URL, so no token or id reaches the metrics.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { token, requests } = options;
  if (!token || !requests) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound('Not found');
    });
    return;
  }
  const { registry } = requests;
  const site = siteMetrics(registry, options);
  const { pageRenders } = options;
  new Counter({
    name: 'lb_page_renders_total',
    help: 'Server renders of public pages (a cached page costs none)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pageRenders());
    },
  });

  const { databaseStatements } = options;
  if (databaseStatements) {
    new Counter({
      name: 'lb_db_statements_total',
      help: 'Statements this instance sent to the database (what a request cost it)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(databaseStatements());
      },
    });
  }

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    requests.observe(
      request.method,
      // No route of its own (the web app's pages, unknown paths): one label, whatever the URL.
      request.routeOptions.url ?? 'other',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      throw new AppError(401, 'A valid metrics token is required.', {
        'www-authenticate': 'Bearer',
      });
    }
    site.startScrape();
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
