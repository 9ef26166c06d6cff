import path from 'node:path';
import { Signer } from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { endpoints, endpointsWhere } from '#shared/endpoints.ts';
import { SITE_LANGUAGES } from '#shared/languages.ts';
import { adminRoutes } from './admin/routes.ts';
import { guardEndpoints } from './auth/guards.ts';
import { authRoutes } from './auth/routes.ts';
import { backupRoutes } from './backups/routes.ts';
import type { Backups } from './backups/service.ts';
import { memberDataRoutes } from './member-data/routes.ts';
import { publicPageHeadTags } from './pages/head-tags.ts';
import { publicShopPageFound } from './pages/page-found.ts';
import { businessPublicRoutes, shopPageRoutes } from './businesses/public-routes.ts';
import { businessSessionRoutes } from './businesses/session-routes.ts';
import { challengePublicRoutes } from './challenges/public-routes.ts';
import { challengeSessionRoutes } from './challenges/session-routes.ts';
import { configRoutes, siteConfigOf } from './config/routes.ts';
import type { AppConfig, AppDeps } from './app-deps.ts';
import { localChangeFeed, type ChangeFeed } from './db/changes.ts';
import type { Db, PoolStats } from './db/client.ts';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_STREAMS_PER_ADDRESS,
  DEFAULT_MAIL_UNCONFIRMED_PER_DAY,
  DEFAULT_OFFLINE_REDEEM_GRACE_MINUTES,
  DEFAULT_STREAMS_PER_INSTANCE,
  DEFAULT_TRUST_PROXY,
  tileImageSource,
} from './env.ts';
import { SiteUrl } from './site-url.ts';
import { healthRoutes } from './health/routes.ts';
import { sitemapRoutes } from './pages/sitemap-routes.ts';
import { sandboxMailboxRoutes } from './mail/routes.ts';
import { messagePublicRoutes } from './messages/public-routes.ts';
import { mailPreferenceRoutes, messageAdminRoutes } from './messages/session-routes.ts';
import { passRoutes } from './passes/routes.ts';
import { claimRoutes } from './passes/claim-routes.ts';
import { voucherRoutes } from './passes/voucher-routes.ts';
import { promoCodeRoutes } from './payments/promo-code-routes.ts';
import { redeemRuleCallRoutes } from './redemption/rule-call-routes.ts';
import { redemptionSessionRoutes } from './redemption/session-routes.ts';
import { progressRoutes } from './progress/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { metricsPlugin, RequestMetrics } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limits.ts';
import { loggerOptions, requestIdGenerator } from './plugins/logging.ts';
import { apiAnswerHeaders, securityPlugin } from './plugins/security.ts';
import { refusingNulValidatorCompiler } from './plugins/validation.ts';
import { sessionPlugin, sharedSessionSecret } from './auth/session.ts';
import { SessionCache } from './auth/session-cache.ts';
import { PublicReads } from './public-reads/public-reads.ts';
import {
  KeptAnswerLane,
  keptPollValidator,
  serverWithLane,
} from './public-reads/kept-answer-lane.ts';
import { MEMBER_ANSWER_TTL_MS, MemberAnswers } from './member-reads/member-answers.ts';
import { clockRoutes } from './clock/routes.ts';
import { ServerClock } from './clock/clock.ts';
import { projectRoot } from './project-root.ts';
import { pagesPlugin } from './pages/pages-plugin.ts';
import { DEFAULT_PAGE_RENDER_LIMIT } from './pages/render-allowance.ts';
import { resultsPublicRoutes } from './results/routes.ts';
import { drawPublicRoutes } from './draws/public-routes.ts';
import { drawSessionRoutes } from './draws/session-routes.ts';
import { milestonePublicRoutes } from './milestones/public-routes.ts';
import { milestoneSessionRoutes } from './milestones/session-routes.ts';
import { explorerPublicRoutes } from './explorers/public-routes.ts';
import { explorerSessionRoutes } from './explorers/session-routes.ts';
import { settlementRoutes } from './settlement/routes.ts';
import { votingPublicRoutes } from './voting/public-routes.ts';
import { voteRuleCallRoutes } from './voting/rule-call-routes.ts';
import { votingSessionRoutes } from './voting/session-routes.ts';
import { voteStreamRoutes } from './voting/stream/routes.ts';
import { passKitRoutes, walletMemberRoutes } from './wallet/routes.ts';

export interface BuildAppOptions {
  db: Db;
  config: Partial<AppConfig>;
  /** The server's one clock (clock/clock.ts); a real-time one when absent. */
  clock?: ServerClock;
  /** Defaults to the offline sandbox provider. */
  payments?: PaymentProvider;
  /**
   * Changes from every instance (`database.openChangeFeed()`); its owner closes it. Without one
   * the app hears only its own organizer writes, not votes.
   */
  changes?: ChangeFeed;
  /** The PostgreSQL pool's connection counts for /metrics; absent on PGlite (one connection, no pool). */
  poolStats?: () => PoolStats;
  /** Statements sent to the database so far (Database.queryCount), for /metrics. */
  databaseStatements?: () => number;
  /** The server's backups (BACKUP_DIR, docs/decisions/0038); without them the backup API answers 503. */
  backups?: Backups;
  /** false: silent (tests); a stream: the same log lines written there. */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The busiest public reads' lane in front of Fastify, null while requests are logged. */
    keptAnswerLane: KeptAnswerLane | null;
  }
}

/** Levels at which Fastify logs every request (pino's info and below). */
const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

export const defaultClientDir = path.join(projectRoot, 'dist/client');

export async function buildApp(options: BuildAppOptions) {
  const config: AppConfig = {
    siteName: 'Local Battles',
    testToolsEnabled: true,
    mailToSandbox: true,
    mailUnconfirmedPerDay: DEFAULT_MAIL_UNCONFIRMED_PER_DAY,
    offlineRedeemGraceMinutes: DEFAULT_OFFLINE_REDEEM_GRACE_MINUTES,
    clientDir: defaultClientDir,
    logLevel: 'info',
    publicCacheTtlMs: 1000,
    sessionCacheTtlMs: 30_000,
    memberAnswerTtlMs: MEMBER_ANSWER_TTL_MS,
    liveCountsIntervalMs: 1000,
    streamsPerAddress: DEFAULT_STREAMS_PER_ADDRESS,
    streamsPerInstance: DEFAULT_STREAMS_PER_INSTANCE,
    requestTimeoutMs: 30_000,
    trustProxy: DEFAULT_TRUST_PROXY,
    siteUrl: new SiteUrl('http://localhost'),
    pageRenderLimit: DEFAULT_PAGE_RENDER_LIMIT,
    map: { tileUrl: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_ATTRIBUTION },
    languages: SITE_LANGUAGES,
    ...options.config,
  };
  const mapTileSource = tileImageSource(config.map.tileUrl);
  if (mapTileSource === null) throw new Error(`Not a map tile URL: ${config.map.tileUrl}`);
  const clock = options.clock ?? new ServerClock();
  const payments = options.payments ?? createSandboxProvider();
  const changes = options.changes ?? localChangeFeed();
  const deps: AppDeps = {
    db: options.db,
    config,
    clock: clock.now,
    payments,
    publicReads: new PublicReads({
      db: options.db,
      clock: clock.now,
      ttlMs: config.publicCacheTtlMs,
      siteConfig: siteConfigOf({ config, payments }),
    }),
    changes,
    sessionCache: new SessionCache({ changes, ttlMs: config.sessionCacheTtlMs }),
    memberAnswers: new MemberAnswers({
      db: options.db,
      changes,
      clock: clock.now,
      ttlMs: config.memberAnswerTtlMs,
    }),
    sessionSigner: new Signer(config.sessionSecret ?? (await sharedSessionSecret(options.db))),
    backups: options.backups ?? null,
  };

  const logLevel = options.logger === false ? 'silent' : (options.logger?.level ?? config.logLevel);
  const requestMetrics = config.metricsToken ? new RequestMetrics() : undefined;
  // The lane answers without Fastify's request log, so it stands aside while that log is on
  // (docs/decisions/0040).
  const keptAnswerLane = REQUEST_LOG_LEVELS.has(logLevel)
    ? null
    : new KeptAnswerLane(
        (path, acceptLanguage) => deps.publicReads.keptAnswer(path, acceptLanguage),
        apiAnswerHeaders(config.siteUrl.origin),
        requestMetrics?.observe,
        keptPollValidator({
          signer: deps.sessionSigner,
          sessionCache: deps.sessionCache,
          memberAnswers: deps.memberAnswers,
          clock: deps.clock,
          languageOf: (acceptLanguage) => deps.publicReads.languageOf(acceptLanguage),
        }),
      );
  const app = Fastify({
    ...(keptAnswerLane ? { serverFactory: serverWithLane(keptAnswerLane) } : {}),
    logger: options.logger === false ? false : loggerOptions(logLevel, options.logger?.stream),
    // Only the proxies TRUST_PROXY names may tell us the client's address and protocol (docs/DEPLOY.md).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A body that stops half-way would hold its connection for ever (Fastify's default is no
    // limit). It bounds receiving the request only, so vote streams and slow answers run on.
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node ignores requestTimeout while headersTimeout (default 60 s) is longer.
      headersTimeout: config.requestTimeoutMs,
      // Node looks for overdue requests this often (its default, 30 s, would double the limit).
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs, 5_000),
    },
    genReqId: requestIdGenerator(),
  });
  app.setValidatorCompiler(refusingNulValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  app.decorate('keptAnswerLane', keptAnswerLane);
  // Every API route is registered at its entry of #shared/endpoints.ts and guarded by its access.
  app.addHook(
    'onRoute',
    guardEndpoints(deps.db, () => deps.backups?.settings.localToken),
  );
  // An organizer's change on any instance clears this one's public answers and pages
  // (docs/decisions/0016); so does a lost connection to the notifications, which may have missed some.
  // A member's own changes (sessions, a pass's redeem or vote) move no public answer.
  const stopClearingCache = deps.changes.subscribe((change) => {
    if (change.kind === 'publicReads' || change.kind === 'everything') deps.publicReads.clear();
  });
  app.addHook('onClose', async () => {
    stopClearingCache();
    deps.sessionCache.close();
    deps.memberAnswers.close();
  });

  // Third-party and app plugins first, then the domains' routes.
  await app.register(errorsPlugin, { languages: config.languages });
  await app.register(securityPlugin, {
    publicOrigin: config.siteUrl.origin,
    // The webhook is signed; one-click unsubscribe comes from mail providers, its token its key.
    // Resubscribe's token is its only key too (no session is read), and its form is sent from a
    // page whose no-referrer policy makes the browser send `Origin: null`.
    csrfExemptPaths: endpointsWhere((endpoint) => endpoint.csrfExempt === true).map(
      (endpoint) => endpoint.path,
    ),
    mapTileSource,
  });
  await app.register(metricsPlugin, {
    db: deps.db,
    token: config.metricsToken,
    requests: requestMetrics,
    poolStats: options.poolStats,
    pageRenders: () => deps.publicReads.renders(),
    databaseStatements: options.databaseStatements,
  });
  await app.register(rateLimitPlugin, { db: deps.db, redisUrl: config.redisUrl });
  // The API description is generated from the same zod schemas that validate requests.
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${config.siteName} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  app.get(endpoints.apiDescription.path, { schema: { hide: true } }, async () => app.swagger());

  // Public reads need no session: no cookie parsing, no session lookup, cached JSON.
  await app.register(healthRoutes, deps);
  await app.register(configRoutes, deps);
  await app.register(sitemapRoutes, deps);
  await app.register(challengePublicRoutes, deps);
  await app.register(businessPublicRoutes, deps);
  await app.register(votingPublicRoutes, deps);
  await app.register(voteStreamRoutes, deps);
  await app.register(resultsPublicRoutes, deps);
  await app.register(drawPublicRoutes, deps);
  await app.register(milestonePublicRoutes, deps);
  await app.register(explorerPublicRoutes, deps);
  await app.register(shopPageRoutes, deps);
  await app.register(messagePublicRoutes, deps);
  // Apple Wallet's devices carry a pass's token, never a session (docs/decisions/0043).
  await app.register(passKitRoutes, deps);
  if (config.testClockEnabled) await app.register(clockRoutes(clock, deps.publicReads));
  // Redeem and vote check the session cookie inside their one database call (docs/decisions/0006).
  await app.register(redeemRuleCallRoutes, deps);
  await app.register(voteRuleCallRoutes, deps);

  // Everything that needs to know who is asking.
  await app.register(async (withSession) => {
    await withSession.register(sessionPlugin, {
      db: deps.db,
      signer: deps.sessionSigner,
      secureCookie: config.siteUrl.secure ? true : 'auto',
      now: deps.clock,
      cache: deps.sessionCache,
    });
    await withSession.register(authRoutes, deps);
    await withSession.register(memberDataRoutes, deps);
    await withSession.register(challengeSessionRoutes, deps);
    await withSession.register(businessSessionRoutes, deps);
    await withSession.register(passRoutes, deps);
    await withSession.register(claimRoutes, deps);
    await withSession.register(voucherRoutes, deps);
    await withSession.register(walletMemberRoutes, deps);
    await withSession.register(votingSessionRoutes, deps);
    await withSession.register(paymentRoutes, deps);
    await withSession.register(promoCodeRoutes, deps);
    await withSession.register(redemptionSessionRoutes, deps);
    await withSession.register(progressRoutes, deps);
    await withSession.register(adminRoutes, deps);
    await withSession.register(settlementRoutes, deps);
    await withSession.register(backupRoutes, deps);
    await withSession.register(drawSessionRoutes, deps);
    await withSession.register(milestoneSessionRoutes, deps);
    await withSession.register(explorerSessionRoutes, deps);
    await withSession.register(sandboxMailboxRoutes, deps);
    await withSession.register(mailPreferenceRoutes, deps);
    await withSession.register(messageAdminRoutes, deps);
  });

  await app.register(pagesPlugin, {
    clientDir: config.clientDir,
    siteName: config.siteName,
    pageRenderLimit: config.pageRenderLimit,
    clock: deps.clock,
    publicReads: deps.publicReads,
    headTags: publicPageHeadTags(deps.db, deps.publicReads, {
      siteName: config.siteName,
      siteUrl: config.siteUrl,
      languages: config.languages,
    }),
    pageFound: publicShopPageFound(deps.publicReads),
    languages: config.languages,
  });
  return app;
}
