import type { Signer } from '@fastify/cookie';
import type { SessionCache } from './auth/session-cache.ts';
import type { Backups } from './backups/service.ts';
import type { ChangeFeed } from './db/changes.ts';
import type { MemberAnswers } from './member-reads/member-answers.ts';
import type { Db } from './db/client.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { PublicReads } from './public-reads/public-reads.ts';
import type { PageRenderLimit } from './pages/render-allowance.ts';
import type { SiteUrl } from './site-url.ts';
import type { WalletSettings } from './wallet/settings.ts';
import type { SiteLanguages } from '#shared/languages.ts';

export interface AppConfig {
  siteName: string;
  /** Where the site is reached (PUBLIC_URL, else the listening address): every absolute link. */
  siteUrl: SiteUrl;
  sessionSecret?: string | undefined;
  /** docs/RULES.md rule 5: testing tools only in sandbox payment mode or when enabled. */
  testToolsEnabled: boolean;
  /** No SMTP_URL: email is kept in the sandbox mailbox instead of being sent (mail/transport.ts). */
  mailToSandbox: boolean;
  /** MAIL_UNCONFIRMED_PER_DAY: mails a day to an address nobody has confirmed (docs/decisions/0029). */
  mailUnconfirmedPerDay: number;
  /**
   * OFFLINE_REDEEM_GRACE_MINUTES: how long after a battle's end a code typed offline before it may
   * still reach the server and count (docs/decisions/0042).
   */
  offlineRedeemGraceMinutes: number;
  /** CONTACT_EMAIL, else MAIL_FROM's address: where members write to the organizers (env.ts). */
  contactEmail?: string | undefined;
  clientDir: string;
  logLevel: string;
  /**
   * How long a signed-in session and its user row may be served from memory at most; changes are
   * announced to every instance at once, this is the backstop (docs/decisions/0031). 0: off.
   */
  sessionCacheTtlMs: number;
  /**
   * How long a pass holder's polled answers may be served from memory at most; changes are
   * announced to every instance, this is the backstop (docs/decisions/0032). 0: off.
   */
  memberAnswerTtlMs: number;
  /** How long public answers and rendered public pages are served from memory; 0 turns the cache off. */
  publicCacheTtlMs: number;
  /** GET /api/votes/stream sends at most one message per this interval (docs/decisions/0016). */
  liveCountsIntervalMs: number;
  /** STREAMS_PER_ADDRESS: open vote streams one client address may hold on an instance. */
  streamsPerAddress: number;
  /** STREAMS_PER_INSTANCE: open vote streams one instance holds in all. */
  streamsPerInstance: number;
  /** A request (headers and body) not received in full by then is dropped with 408. */
  requestTimeoutMs: number;
  /** TEST_CLOCK: browser tests may move the server's clock (POST /api/testing/clock). */
  testClockEnabled?: boolean;
  /** TRUST_PROXY: which proxies may set X-Forwarded-For/-Proto (Fastify's trustProxy). */
  trustProxy: boolean | string;
  /** REDIS_URL: rate-limit counts in Redis instead of PostgreSQL. */
  redisUrl?: string | undefined;
  /** Server renders of public pages per address (src/server/pages/render-allowance.ts). */
  pageRenderLimit: PageRenderLimit;
  /** LANGUAGES and DEFAULT_LANGUAGE: the site's languages (docs/decisions/0048-languages.md). */
  languages: SiteLanguages;
  /** MAP_TILE_URL and MAP_ATTRIBUTION: where the map's tiles come from, and whose they are. */
  map: { tileUrl: string; attribution: string };
  /** The privacy page's facts (docs/decisions/0039); the site's name and no relay when unset. */
  privacy?: {
    operatorName?: string | undefined;
    operatorContact?: string | undefined;
    mailRelay?: string | undefined;
  };
  /** MAIL_RETENTION_DAYS: sent mail's record is kept this long (jobs/retention.ts). */
  mailRetentionDays?: number;
  /** METRICS_TOKEN: GET /metrics answers only with this bearer token; unset, it is off (404). */
  metricsToken?: string | undefined;
  /** The wallets offered (wallet/settings.ts, docs/decisions/0043); unset, neither. */
  wallet?: Pick<WalletSettings, 'apple' | 'google'>;
}

/** What every domain's routes receive: no decorators, plain dependencies. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  /** The current time; tests move it to check date rules. */
  clock: () => Date;
  /** Stripe or the offline sandbox (docs/RULES.md rule 6), chosen at start. */
  payments: PaymentProvider;
  /** Public answers and pages served from memory for a moment (src/server/public-reads/public-reads.ts). */
  publicReads: PublicReads;
  /** Changes made by any instance: votes, organizer writes (db/changes.ts). */
  changes: ChangeFeed;
  /** Signed-in sessions and user rows kept in memory (auth/session-cache.ts). */
  sessionCache: SessionCache;
  /** What each pass holder was last sent by the reads /profile polls (member-reads/member-answers.ts). */
  memberAnswers: MemberAnswers;
  /** Signs session cookies (SESSION_SECRET, else a secret shared through the database). */
  sessionSigner: Signer;
  /** The server's backups (backups/service.ts); null when the app was built without them. */
  backups: Backups | null;
}
