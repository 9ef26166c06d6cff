import { buildApp } from './app.ts';
import { writeLocalBackupToken } from './backups/local-server.ts';
import { Backups } from './backups/service.ts';
import { ServerClock } from './clock/clock.ts';
import type { ChangeFeedLog } from './db/changes.ts';
import { DatabaseInUseError, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import {
  backupIntervalMs,
  ConfigError,
  organizerContact,
  readEnv,
  testToolsEnabled as testToolsOf,
} from './env.ts';
import { periodicJobs } from './jobs/periodic-jobs.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { mailContextOf } from './mail/templates.ts';
import { MailOutboxWorker } from './mail/outbox.ts';
import { createSandboxMailTransport, createSmtpTransport } from './mail/transport.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { createStripeProvider } from './payments/stripe.ts';
import { SiteUrl } from './site-url.ts';
import { googleAccessTokens } from './wallet/google-token.ts';
import { walletSettingsOf } from './wallet/settings.ts';
import { WalletOutboxWorker, WalletUpdates } from './wallet/updates.ts';

/** Process entry: settings → database → app → listen, and a graceful close on SIGTERM/SIGINT. */
async function main() {
  const env = readEnv();
  // A wallet certificate or key that cannot work stops start-up here, naming its setting.
  const wallet = walletSettingsOf(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    timeouts: {
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireMs: env.DB_ACQUIRE_TIMEOUT_MS,
    },
  });
  await database.migrate();
  // One clock for the app, the workers, the scheduler and the seed (clock/clock.ts).
  const clock = new ServerClock();

  if (env.SEED_DEMO !== false) {
    const seeded = await seedDemoData(database.db, clock.now(), { adminEmail: env.ADMIN_EMAIL });
    if (seeded) {
      // Printed once, on the start that created the account; never logged again.
      process.stdout.write(
        `\nDemo data created. Organizer sign-in:\n  username: ${seeded.adminUsername}\n  password: ${seeded.adminPassword}\n  email:    ${seeded.adminEmail}\n\n`,
      );
    }
  }

  const sandboxPayments = !env.STRIPE_SECRET_KEY;
  const payments =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        })
      : createSandboxProvider();
  const testToolsEnabled = testToolsOf(env);
  // The feed may lose its connection before the app (and its logger) exists.
  let log: ChangeFeedLog | undefined = undefined;
  const changes = await database.openChangeFeed({
    warn: (details, message) => log?.warn(details, message),
    info: (details, message) => log?.info(details, message),
  });
  const siteUrl = SiteUrl.fromSettings({
    publicUrl: env.PUBLIC_URL,
    host: env.HOST,
    port: env.PORT,
  });
  // docs/decisions/0038: only this process may open the embedded database, so it takes the
  // backups, and `npm run backup` asks it with the token it leaves beside the data.
  const backups = new Backups(database, {
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    intervalMs: backupIntervalMs(env),
    databaseUrl: env.DATABASE_URL,
    localToken: database.kind === 'pglite' ? writeLocalBackupToken(env.DATA_DIR) : undefined,
  });
  const app = await buildApp({
    db: database.db,
    backups,
    payments,
    changes,
    clock,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
    databaseStatements: () => database.queryCount(),
    config: {
      siteName: env.SITE_NAME,
      siteUrl,
      sessionSecret: env.SESSION_SECRET,
      testToolsEnabled,
      mailToSandbox: !(env.SMTP_URL && env.MAIL_FROM),
      mailUnconfirmedPerDay: env.MAIL_UNCONFIRMED_PER_DAY,
      offlineRedeemGraceMinutes: env.OFFLINE_REDEEM_GRACE_MINUTES,
      contactEmail: organizerContact(env),
      testClockEnabled: env.TEST_CLOCK === true,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      redisUrl: env.REDIS_URL,
      metricsToken: env.METRICS_TOKEN,
      streamsPerAddress: env.STREAMS_PER_ADDRESS,
      streamsPerInstance: env.STREAMS_PER_INSTANCE,
      map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION },
      languages: { languages: env.LANGUAGES, defaultLanguage: env.DEFAULT_LANGUAGE },
      privacy: {
        operatorName: env.OPERATOR_NAME,
        // Unset, the privacy page gives the organizers' address (the one receipts name).
        operatorContact: env.OPERATOR_CONTACT ?? organizerContact(env),
        mailRelay: env.SMTP_URL && env.MAIL_FROM ? new URL(env.SMTP_URL).hostname : undefined,
      },
      mailRetentionDays: env.MAIL_RETENTION_DAYS,
      wallet,
    },
  });
  log = app.log;
  if (wallet.incomplete.length > 0) {
    app.log.warn(
      { missing: wallet.incomplete },
      `a wallet is off until all its settings are given; missing: ${wallet.incomplete.join(', ')}`,
    );
  }
  // docs/decisions/0043: pass changes mark wallet copies; the worker pushes them out.
  const walletWorker = new WalletOutboxWorker(
    database.db,
    clock.now,
    {
      apple: wallet.apple,
      google: wallet.google,
      context: {
        siteName: env.SITE_NAME,
        siteUrl: siteUrl.origin,
        contactEmail: organizerContact(env),
        languages: { languages: env.LANGUAGES, defaultLanguage: env.DEFAULT_LANGUAGE },
      },
      ...(wallet.google ? { googleAccessToken: googleAccessTokens(wallet.google) } : {}),
    },
    app.log,
  );
  const walletUpdates = new WalletUpdates(
    database.db,
    changes,
    clock.now,
    () => walletWorker.wake(),
    app.log,
  );

  const mailTransport =
    env.SMTP_URL && env.MAIL_FROM
      ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM)
      : createSandboxMailTransport(database.db);
  const mailWorker = new MailOutboxWorker(
    database.db,
    mailTransport,
    clock.now,
    app.log,
    undefined,
    env.MAIL_RATE_PER_SECOND,
  );
  const scheduler = new Scheduler(
    database.db,
    [
      ...periodicJobs(database.db, {
        mailRetentionDays: env.MAIL_RETENTION_DAYS,
        mail: mailContextOf({
          siteName: env.SITE_NAME,
          siteUrl,
          mailUnconfirmedPerDay: env.MAIL_UNCONFIRMED_PER_DAY,
          contactEmail: organizerContact(env),
          wallet,
          languages: { languages: env.LANGUAGES, defaultLanguage: env.DEFAULT_LANGUAGE },
        }),
        changes,
      }),
      ...[backups.job()].filter((job) => job !== null),
    ],
    clock.now,
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await mailWorker.stop();
    await walletUpdates.close();
    await walletWorker.stop();
    await changes.close();
    await scheduler.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  mailWorker.start();
  walletWorker.start();
  scheduler.start();
  app.log.info(
    {
      database: database.kind,
      payments: sandboxPayments ? 'sandbox' : 'stripe',
      mail: mailTransport.description,
    },
    `${env.SITE_NAME} is ready; email goes to ${mailTransport.description}`,
  );
  if (!env.SMTP_URL && !testToolsEnabled) {
    app.log.warn(
      'SMTP_URL is not set and test tools are off: email is kept in the sandbox mailbox, which nobody can read',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
