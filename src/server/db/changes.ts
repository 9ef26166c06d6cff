import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * "Something changed" events for every server instance (docs/decisions/0016). PostgreSQL
 * delivers NOTIFY to each instance's own LISTEN connection; the embedded database delivers it
 * in-process. Vote counts are announced by the triggers on businesses (drizzle/0005), organizer
 * changes by `announcePublicChange`.
 */
export const VOTE_COUNTS_CHANNEL = 'lb_vote_counts';
export const PUBLIC_READS_CHANNEL = 'lb_public_reads';
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'local-battles-changes';

export type Change =
  | { kind: 'voteCounts'; challengeId: number }
  | { kind: 'publicReads' }
  /** Notifications may have been missed (the listening connection was lost): assume anything moved. */
  | { kind: 'everything' };

export type ChangeListener = (change: Change) => void;

export interface ChangeFeed {
  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: ChangeListener): () => void;
  /** Tells every instance, this one included, that public answers changed. */
  announcePublicChange(): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const silentLog: ChangeFeedLog = { warn: () => {}, info: () => {} };

class Subscribers {
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  emit(change: Change) {
    for (const listener of this.listeners) listener(change);
  }

  /** A notification as the database delivers it. */
  emitNotification(channel: string, payload: string | undefined) {
    if (channel === PUBLIC_READS_CHANNEL) this.emit({ kind: 'publicReads' });
    else if (channel === VOTE_COUNTS_CHANNEL)
      this.emit({ kind: 'voteCounts', challengeId: Number(payload) });
  }
}

const notifyPublicReads = async (db: Db) => {
  await db.execute(sql`select pg_notify(${PUBLIC_READS_CHANNEL}, '')`);
};

/** Only this process hears its changes: for an app built without a database feed (some tests). */
export function localChangeFeed(): ChangeFeed {
  const subscribers = new Subscribers();
  return {
    subscribe: (listener) => subscribers.subscribe(listener),
    announcePublicChange: async () => subscribers.emit({ kind: 'publicReads' }),
    close: async () => {},
  };
}

/** The embedded database is one process: its notifications arrive in-process. */
export async function openPgliteChangeFeed(db: Db, client: PGlite): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  const stops = await Promise.all(
    [VOTE_COUNTS_CHANNEL, PUBLIC_READS_CHANNEL].map((channel) =>
      client.listen(channel, (payload) => subscribers.emitNotification(channel, payload)),
    ),
  );
  return {
    subscribe: (listener) => subscribers.subscribe(listener),
    announcePublicChange: () => notifyPublicReads(db),
    close: async () => {
      if (client.closed) return;
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

export interface PostgresChangeFeedOptions {
  log?: ChangeFeedLog;
  /** First wait before reconnecting; doubles up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

/**
 * One dedicated connection per instance (not from the pool, whose connections come and go)
 * LISTENs to both channels. When it is lost (database restart, terminated backend, network) it
 * reconnects with backoff and then reports `everything`, since notifications sent meanwhile are gone.
 */
export async function openPostgresChangeFeed(
  db: Db,
  connectionString: string,
  options: PostgresChangeFeedOptions = {},
): Promise<ChangeFeed> {
  const log = options.log ?? silentLog;
  const minRetryMs = options.minRetryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const subscribers = new Subscribers();
  let current: pg.Client | undefined;
  let retryMs = minRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const lost = (client: pg.Client, error?: Error) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'change notifications: connection lost, reconnecting');
    scheduleReconnect();
  };

  async function connect(afterLoss: boolean) {
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('notification', (message) =>
      subscribers.emitNotification(message.channel, message.payload),
    );
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${VOTE_COUNTS_CHANNEL}; LISTEN ${PUBLIC_READS_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      log.warn({ err: error }, 'change notifications: cannot listen yet, retrying');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = minRetryMs;
    if (afterLoss) {
      log.info({}, 'change notifications: listening again');
      subscribers.emit({ kind: 'everything' });
    }
  }

  await connect(false);
  return {
    subscribe: (listener) => subscribers.subscribe(listener),
    announcePublicChange: () => notifyPublicReads(db),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
