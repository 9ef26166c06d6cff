import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, DEFAULT_LANGUAGES, LANGUAGE_CODE } from '#shared/languages.ts';

/** A proxy on this host only (Fastify's trustProxy), unless TRUST_PROXY says otherwise. */
export const DEFAULT_TRUST_PROXY = '127.0.0.1,::1';

/** Open vote streams per client address: generous, since many phones share a carrier's address. */
export const DEFAULT_STREAMS_PER_ADDRESS = 50;
export const DEFAULT_STREAMS_PER_INSTANCE = 5000;
/** Emails one instance's mail worker sends per second (mail/outbox.ts). */
export const DEFAULT_MAIL_RATE_PER_SECOND = 10;
/** Mails a day to an address nobody has confirmed (docs/decisions/0029). */
export const DEFAULT_MAIL_UNCONFIRMED_PER_DAY = 3;
/** Minutes after a battle's end that a code typed offline before it may still arrive (docs/decisions/0042). */
export const DEFAULT_OFFLINE_REDEEM_GRACE_MINUTES = 60;
/** Days a sent email's record (address, subject) is kept; bodies go at sending (mail/outbox.ts). */
export const DEFAULT_MAIL_RETENTION_DAYS = 30;

/**
 * The PostgreSQL pool's limits: a statement that runs longer, a transaction left idle longer (a
 * stalled client), or a wait for a free connection longer is cut, so no request can hold the pool
 * (docs/DEPLOY.md, "Database"). Long jobs raise the statement limit for their own transaction.
 */
export const DEFAULT_POOL_TIMEOUTS = {
  statementMs: 30_000,
  idleInTransactionMs: 30_000,
  acquireMs: 10_000,
};

/** Backups kept in BACKUP_DIR (docs/decisions/0038). */
export const DEFAULT_BACKUP_KEEP = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** BACKUP_EVERY's default with the embedded database; with PostgreSQL the default is off. */
export const DEFAULT_EMBEDDED_BACKUP_EVERY_MS = DAY_MS;
const DURATION_UNITS_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: DAY_MS };

/**
 * BACKUP_EVERY: `off`, or a whole number of minutes, hours or days (`30m`, `6h`, `1d`); unset or
 * empty, undefined (the default for the database in use). null when the value is none of these.
 */
export function parseBackupEvery(value: string | undefined): number | 'off' | undefined | null {
  const trimmed = value?.trim().toLowerCase() ?? '';
  if (trimmed === '') return undefined;
  if (trimmed === 'off') return 'off';
  const match = /^(\d+)\s*([mhd])$/.exec(trimmed);
  if (!match || Number(match[1]) === 0) return null;
  const intervalMs = Number(match[1]) * DURATION_UNITS_MS[match[2]!]!;
  // At least a quarter of an hour: a snapshot copies the whole database.
  return intervalMs >= 15 * 60_000 ? intervalMs : null;
}

/** Apple's production push service (docs/decisions/0043). */
export const DEFAULT_APNS_HOST = 'https://api.push.apple.com';
export const DEFAULT_GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';

/** A free-text setting; empty is the same as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined));

/** The only reader of process.env: every setting is validated once, at start. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : value === 'true' || value === '1',
  );

/**
 * Fastify's trustProxy from TRUST_PROXY: unset or empty keeps the default (a proxy on this host),
 * null when the value is none of the accepted forms.
 */
export function parseTrustProxy(value: string | undefined): boolean | string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return DEFAULT_TRUST_PROXY;
  if (trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const isAddressOrRange = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address) return false;
    const version = isIP(address);
    if (version === 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  return entries.every(isAddressOrRange) ? entries.join(',') : null;
}

/** The standard OpenStreetMap tiles: fine for trying the site, not for a busy one (docs/DEPLOY.md). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The Content-Security-Policy source that admits a tile URL template's images (its origin, or
 * `*.host` when the template starts with Leaflet's {s} subdomain); null when the template is no
 * http(s) URL with {z}, {x} and {y}, or has {s} anywhere else.
 */
export function tileImageSource(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((placeholder) => template.includes(placeholder))) return null;
  const subdomains = /^https?:\/\/\{s\}\./i.test(template);
  if (template.includes('{s}') && !subdomains) return null;
  const sample = template.replaceAll(/\{(s|z|x|y|r)\}/g, (_, name) => (name === 's' ? 'a' : '0'));
  if (/[{}]/.test(sample)) return null;
  let url: URL;
  try {
    url = new URL(sample);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return subdomains ? `${url.protocol}//*.${url.host.slice('a.'.length)}` : url.origin;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where backups go (docs/decisions/0038). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_EVERY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseBackupEvery(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'must be off, or a number of minutes, hours or days such as 6h or 1d (at least 15m)',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_BACKUP_KEEP),
  /** PostgreSQL pool limits (docs/DEPLOY.md, "Database"): milliseconds, 0 turns one off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_POOL_TIMEOUTS.statementMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_POOL_TIMEOUTS.idleInTransactionMs),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_POOL_TIMEOUTS.acquireMs),
  SITE_NAME: z.string().min(1).default('Local Battles'),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      message: 'must be an http(s) URL such as https://battles.example.com',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an address such as battles@example.com or "Local Battles <battles@example.com>"',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      message: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(
      /^[\x21-\x7e]+$/,
      'must be printable ASCII without spaces (it is sent as a bearer token)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'must be false, true, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Where members write to the organizers (receipts name it); unset, MAIL_FROM's address. */
  CONTACT_EMAIL: z
    .email('must be an email address such as help@example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The seeded organizer's address; unset, a random one is made up and printed with the password. */
  ADMIN_EMAIL: z
    .email('must be an email address such as organizer@example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_RATE_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_MAIL_RATE_PER_SECOND),
  MAIL_UNCONFIRMED_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_MAIL_UNCONFIRMED_PER_DAY),
  OFFLINE_REDEEM_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(DEFAULT_OFFLINE_REDEEM_GRACE_MINUTES),
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_STREAMS_PER_ADDRESS),
  STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).default(DEFAULT_STREAMS_PER_INSTANCE),
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || DEFAULT_MAP_TILE_URL)
    .refine((value) => tileImageSource(value) !== null, {
      message:
        'must be an http(s) tile URL with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png ({s} only as the first part of the host)',
    }),
  MAP_ATTRIBUTION: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional()
    .transform((value) => value || DEFAULT_MAP_ATTRIBUTION),
  /** The privacy page's operator: who runs the site, and how to reach them (docs/decisions/0039). */
  OPERATOR_NAME: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .transform((value) => value || undefined),
  OPERATOR_CONTACT: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional()
    .transform((value) => value || undefined),
  MAIL_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DEFAULT_MAIL_RETENTION_DAYS),
  /**
   * Apple Wallet (docs/decisions/0043): the Pass Type ID and team, the Pass Type ID certificate,
   * its key (and passphrase) and Apple's WWDR intermediate, each as PEM text or a file's path.
   */
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(
      /^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/,
      'must be a Pass Type ID such as pass.com.example.battles',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character Apple team ID such as ABCDE12345')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APPLE_PASS_CERTIFICATE: optionalText,
  APPLE_PASS_KEY: optionalText,
  APPLE_PASS_KEY_PASSPHRASE: optionalText,
  APPLE_WWDR_CERTIFICATE: optionalText,
  /** Where pass update pushes go: Apple's APNs, or a local HTTP/2 server in tests. */
  APNS_HOST: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_APNS_HOST)
    .pipe(
      z.url({
        protocol: /^https?$/,
        message: 'must be an https URL such as https://api.push.apple.com',
      }),
    ),
  /** Google Wallet (docs/decisions/0043): the issuer ID and the service account's JSON key (or its path). */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d+$/, 'must be the numeric issuer ID shown in the Google Pay & Wallet Console')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  /** The Google Wallet REST API: Google's, or a local server in tests. */
  GOOGLE_WALLET_API_URL: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_GOOGLE_WALLET_API_URL)
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })),
  /** The site's languages and the one its addresses carry no prefix for (docs/decisions/0048). */
  LANGUAGES: z
    .string()
    .optional()
    .transform((value, context) => {
      const languages = (value ?? '')
        .split(',')
        .map((language) => language.trim())
        .filter(Boolean);
      if (languages.length === 0) return [...DEFAULT_LANGUAGES];
      if (!languages.every((language) => LANGUAGE_CODE.test(language))) {
        context.addIssue({
          code: 'custom',
          message: 'must be comma-separated lowercase language codes such as en,es',
        });
        return z.NEVER;
      }
      return [...new Set(languages)];
    }),
  DEFAULT_LANGUAGE: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_LANGUAGE),
  SEED_DEMO: booleanFlag,
  ENABLE_TEST_TOOLS: booleanFlag,
  /** Browser tests only: POST /api/testing/clock moves the server's clock. */
  TEST_CLOCK: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid settings:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (signed webhooks)',
    );
  }
  if (!env.LANGUAGES.includes(env.DEFAULT_LANGUAGE)) {
    throw new ConfigError(
      `Invalid settings:\n  DEFAULT_LANGUAGE: must be one of LANGUAGES (${env.LANGUAGES.join(', ')})`,
    );
  }
  if (env.NODE_ENV === 'production' && env.TEST_CLOCK) {
    throw new ConfigError(
      'Invalid settings:\n  TEST_CLOCK: never with NODE_ENV=production (it lets anyone move the clock)',
    );
  }
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new ConfigError(
      'Invalid settings:\n  MAIL_FROM: required when SMTP_URL is set (the sender of every email)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid settings:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  // docs/RULES.md rules 5 and 16: a public site has one address for its links, and never sells
  // free passes (or opens its test tools) by accident.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid settings:\n  PUBLIC_URL: required when NODE_ENV=production (the address in every link the site sends)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.ENABLE_TEST_TOOLS !== true) {
    throw new ConfigError(
      'Invalid settings:\n  STRIPE_SECRET_KEY: required when NODE_ENV=production, unless ENABLE_TEST_TOOLS=true is set for a public rehearsal with the sandbox payment page',
    );
  }
  return env;
}

/**
 * The interval of scheduled backups in milliseconds, or null for none: BACKUP_EVERY, else daily
 * with the embedded database and off with PostgreSQL (which has its own archiving, docs/DEPLOY.md).
 */
export function backupIntervalMs(env: Env): number | null {
  if (env.BACKUP_EVERY === 'off') return null;
  if (env.BACKUP_EVERY !== undefined) return env.BACKUP_EVERY;
  return env.DATABASE_URL ? null : DEFAULT_EMBEDDED_BACKUP_EVERY_MS;
}

/**
 * docs/RULES.md rule 5: test tools are on by default in development without Stripe; with
 * NODE_ENV=production only when ENABLE_TEST_TOOLS=true is set explicitly.
 */
export function testToolsEnabled(env: Env): boolean {
  if (env.NODE_ENV === 'production') return env.ENABLE_TEST_TOOLS === true;
  return env.ENABLE_TEST_TOOLS ?? !env.STRIPE_SECRET_KEY;
}

/**
 * The organizers' address members may write to: CONTACT_EMAIL, else the sender's address (where
 * replies to every email go), else none (mail kept in the sandbox mailbox names no address).
 */
export function organizerContact(
  env: Pick<Env, 'CONTACT_EMAIL' | 'MAIL_FROM'>,
): string | undefined {
  if (env.CONTACT_EMAIL) return env.CONTACT_EMAIL;
  const from = env.MAIL_FROM;
  if (!from) return undefined;
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}
