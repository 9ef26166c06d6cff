import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * "Something changed" events for every server instance (docs/decisions/0016). PostgreSQL
 * delivers NOTIFY to each instance's own LISTEN connection; the embedded database delivers it
 * in-process. Vote counts are announced by the triggers on businesses (src/server/db/rules/notify_vote_counts_changed.sql), votes by
 * `announceVoteCounts` once committed, organizer changes by `announcePublicChange`.
 */
export const VOTE_COUNTS_CHANNEL = 'lb_vote_counts';
export const PUBLIC_READS_CHANNEL = 'lb_public_reads';
/**
 * A member's sessions or account row changed (sign-out, password reset, email or role change):
 * the payload is the user id. Sent by the triggers on sessions and users
 * (src/server/db/rules/notify_user_changed.sql, notify_sessions_ended.sql), so a change made by
 * any instance or script reaches every instance's session cache (docs/decisions/0031).
 */
export const USER_CHANNEL = 'lb_user';
/**
 * What a pass holder sees of their pass moved (a redeem, a vote, votes reset, the pass switched off
 * or on): the payload is the pass id, after the sending feed's mark and a colon when a feed sent it.
 * Hot writes announce it once committed (`announcePassChange`), the rare switch by the trigger on
 * passes (src/server/db/rules/notify_pass_changed.sql), so every instance's member answers forget it
 * (docs/decisions/0032).
 */
export const PASS_CHANNEL = 'lb_pass';
const CHANNELS = [VOTE_COUNTS_CHANNEL, PUBLIC_READS_CHANNEL, USER_CHANNEL, PASS_CHANNEL];
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'local-battles-changes';

export type Change =
  | { kind: 'voteCounts'; challengeId: number }
  | { kind: 'publicReads' }
  | { kind: 'user'; userId: number }
  | { kind: 'pass'; passId: number }
  /** Notifications may have been missed (the listening connection was lost): assume anything moved. */
  | { kind: 'everything' };

export type ChangeListener = (change: Change) => void;

export interface ChangeFeed {
  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: ChangeListener): () => void;
  /** Tells every instance, this one included, that public answers changed. */
  announcePublicChange(): Promise<void>;
  /**
   * Tells every instance that a committed vote moved a challenge's counts. Votes arriving together
   * share one notice (at most one per challenge every NOTICE_DELAY_MS); it never throws.
   */
  announceVoteCounts(challengeId: number): void;
  /**
   * Tells this instance at once, and every other one within moments, that a committed write moved
   * what the pass's holder sees. Notices arriving together share one statement; it never throws.
   */
  announcePassChange(passId: number): void;
  /**
   * Whether every notification is being heard right now. False while a lost listening connection
   * is being replaced: what is kept in memory on the strength of notifications must not be served
   * meanwhile (`everything` follows once listening again).
   */
  listening(): boolean;
  /** Sends the notices still waiting, then stops. */
  close(): Promise<void>;
}

/**
 * How long a notice waits for others to share it: far below the stream's one second and the
 * member's two-second refresh.
 */
const NOTICE_DELAY_MS = 20;

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
    else if (channel === USER_CHANNEL) this.emit({ kind: 'user', userId: Number(payload) });
    // A pass's id, after its sender's mark (`uuid:`) when a feed sent it (the trigger sends none).
    else if (channel === PASS_CHANNEL)
      this.emit({ kind: 'pass', passId: Number(payload?.slice(payload.indexOf(':') + 1)) });
  }
}

/** The public change notice, its payload the sending feed's own mark (`databaseNotices`). */
const notifyPublicReads = async (db: Db, mark: string) => {
  await db.execute(sql`select pg_notify(${PUBLIC_READS_CHANNEL}, ${mark})`);
};

/**
 * Notices of hot writes through the database, outside their transactions (docs/decisions/0016):
 * the ids (challenges for vote counts, passes for a holder's answers) announced in the last moment,
 * in one statement. A lost notice (database unreachable, or this process dying first) is caught up
 * by the live counts' periodic re-read and the member answers' lifetime.
 */
function noticeSender(db: Db, channel: string, log: ChangeFeedLog, mark = '') {
  const waiting = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const send = async () => {
    timer = undefined;
    const ids = [...waiting];
    waiting.clear();
    if (ids.length === 0) return;
    try {
      await db.execute(
        sql`select pg_notify(${channel}, ${mark} || id) from unnest(${`{${ids.join(',')}}`}::int[]) as id`,
      );
    } catch (error) {
      log.warn({ err: error, channel }, 'change notifications: a notice was not sent');
    }
  };
  return {
    announce(id: number) {
      waiting.add(id);
      timer ??= setTimeout(() => void send(), NOTICE_DELAY_MS);
    },
    async flush() {
      clearTimeout(timer);
      await send();
    },
  };
}

/**
 * The notices both database feeds send, and what they hear. Public and pass changes are heard here
 * at once, before the answer to the write that made them: the next read on this instance must not
 * be an answer kept from before. Their notices start with this feed's random mark (`uuid:`, the
 * public one's whole payload, a pass's before its id) and are not heard again here when they
 * return: a second forgetting would drop answers computed since, after the change, for nothing.
 */
function databaseNotices(db: Db, subscribers: Subscribers, log: ChangeFeedLog) {
  const mark = `${randomUUID()}:`;
  const voteNotices = noticeSender(db, VOTE_COUNTS_CHANNEL, log);
  const passNotices = noticeSender(db, PASS_CHANNEL, log, mark);
  return {
    /** A notification as the database delivers it, but for this feed's own. */
    hear: (channel: string, payload: string | undefined) => {
      if (!payload?.startsWith(mark)) subscribers.emitNotification(channel, payload);
    },
    announcePublicChange: () => {
      subscribers.emit({ kind: 'publicReads' });
      return notifyPublicReads(db, mark);
    },
    announceVoteCounts: (challengeId: number) => voteNotices.announce(challengeId),
    announcePassChange: (passId: number) => {
      subscribers.emit({ kind: 'pass', passId });
      passNotices.announce(passId);
    },
    flush: () => Promise.all([voteNotices.flush(), passNotices.flush()]),
  };
}

/** Only this process hears its changes: for an app built without a database feed (some tests). */
export function localChangeFeed(): ChangeFeed {
  const subscribers = new Subscribers();
  return {
    subscribe: (listener) => subscribers.subscribe(listener),
    announcePublicChange: async () => subscribers.emit({ kind: 'publicReads' }),
    announceVoteCounts: (challengeId) => subscribers.emit({ kind: 'voteCounts', challengeId }),
    announcePassChange: (passId) => subscribers.emit({ kind: 'pass', passId }),
    // It hears no other process's changes, so nothing may be kept on the strength of notifications.
    listening: () => false,
    close: async () => {},
  };
}

/** The embedded database is one process: its notifications arrive in-process. */
export async function openPgliteChangeFeed(db: Db, client: PGlite): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  const notices = databaseNotices(db, subscribers, silentLog);
  const stops = await Promise.all(
    CHANNELS.map((channel) => client.listen(channel, (payload) => notices.hear(channel, payload))),
  );
  return {
    subscribe: (listener) => subscribers.subscribe(listener),
    announcePublicChange: notices.announcePublicChange,
    announceVoteCounts: notices.announceVoteCounts,
    announcePassChange: notices.announcePassChange,
    listening: () => !client.closed,
    close: async () => {
      if (client.closed) return;
      await notices.flush();
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
 * LISTENs to every channel. When it is lost (database restart, terminated backend, network) it
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
  const notices = databaseNotices(db, subscribers, log);
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
    client.on('notification', (message) => notices.hear(message.channel, message.payload));
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `LISTEN ${channel};`).join(' '));
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
    announcePublicChange: notices.announcePublicChange,
    announceVoteCounts: notices.announceVoteCounts,
    announcePassChange: notices.announcePassChange,
    listening: () => current !== undefined,
    close: async () => {
      await notices.flush();
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
