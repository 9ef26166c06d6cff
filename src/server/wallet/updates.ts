import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { pushToDevices, type PushResult } from './apns.ts';
import { contentHash, passContent, walletPassContents } from './content.ts';
import { googleObject, googleObjectId } from './google-wallet.ts';
import type { PassTextContext } from './pass-text.ts';
import type { AppleWalletSettings, GoogleWalletSettings } from './settings.ts';

/**
 * Marks the wallet passes whose content moved (docs/decisions/0043): the fingerprint of what each
 * shows is compared with the one its wallet copy was last marked with, so every change a member
 * can see (a redeem, a vote, a refund or dispute, a shop added or removed, the end) is caught
 * whoever made it, and a mark is never lost: whatever was missed is caught at the next look.
 * A marked pass's updatedAt moves forward by whole seconds (at least one, so Last-Modified and
 * Apple's update tags always see it move) and its pushes fall due: the outbox the worker drains.
 * Returns the passes marked.
 */
export async function markChangedPasses(
  db: Db,
  now: Date,
  passIds?: readonly number[],
): Promise<number> {
  const contents = await walletPassContents(db, now, passIds);
  if (contents.length === 0) return 0;
  const marked = await queryRows(
    db,
    sql`
      update wallet_passes w set
        content_hash = fresh.hash,
        updated_at = greatest(date_trunc('second', now()), w.updated_at + interval '1 second'),
        push_due_at = now(), push_attempts = 0,
        google_due_at = case when w.google_saved_at is null then null else now() end,
        google_attempts = 0
      from unnest(
        ${`{${contents.map((content) => content.passId).join(',')}}`}::integer[],
        ${`{${contents.map(contentHash).join(',')}}`}::text[]
      ) as fresh(pass_id, hash)
      where w.pass_id = fresh.pass_id and w.content_hash <> fresh.hash
      returning w.pass_id`,
  );
  return marked.length;
}

/** How long after a change notice its wallet passes are looked at: notices arriving together share it. */
const MARK_DELAY_MS = 200;

/**
 * Hooks wallet updates into the change feed (db/changes.ts), the one place every pass change is
 * announced: a redeem or vote (announcePassChange), a refund or dispute (the passes trigger,
 * notify_pass_changed.sql), an organizer's change of shops (announcePublicChange). A periodic job
 * looks at every wallet pass too (wallet-updates in jobs/periodic-jobs.ts), for the battle's end
 * and for notices lost with a connection. Marking never blocks the request that made the change.
 */
export class WalletUpdates {
  private readonly waiting = new Set<number>();
  private everything = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'subscribe'>,
    private readonly clock: () => Date,
    private readonly onMarked: () => void,
    private readonly log: { warn(details: object, message: string): void },
  ) {
    this.unsubscribe = changes.subscribe((change) => {
      if (change.kind === 'pass') this.waiting.add(change.passId);
      else if (change.kind === 'publicReads' || change.kind === 'everything')
        this.everything = true;
      else return;
      this.timer ??= setTimeout(() => this.markNow(), MARK_DELAY_MS);
      this.timer.unref();
    });
  }

  private markNow() {
    this.timer = undefined;
    const passIds = this.everything ? undefined : [...this.waiting];
    this.waiting.clear();
    this.everything = false;
    this.running = this.running.then(async () => {
      try {
        if ((await markChangedPasses(this.db, this.clock(), passIds)) > 0) this.onMarked();
      } catch (error) {
        // The periodic look catches it up.
        this.log.warn({ err: error }, 'wallet passes: marking changes failed');
      }
    });
  }

  /** Marks what is waiting now, then stops listening. */
  async close(): Promise<void> {
    this.unsubscribe();
    if (this.timer) {
      clearTimeout(this.timer);
      this.markNow();
    }
    await this.running;
  }
}

/** Attempts of one pass's pushes before giving up; the waits double from RETRY_BASE_MS. */
export const MAX_WALLET_ATTEMPTS = 8;
const RETRY_BASE_MS = 5_000;
/** A claimed row is claimed again after this long if its worker died meanwhile. */
const LEASE_MS = 60_000;
const BATCH = 50;

interface Claimed extends Record<string, unknown> {
  pass_id: number;
  serial: string;
  updated_at: string | Date;
  attempts: number;
}

type Outbox = 'apple' | 'google';
const COLUMNS = {
  apple: { due: 'push_due_at', attempts: 'push_attempts' },
  google: { due: 'google_due_at', attempts: 'google_attempts' },
} as const;

/** Claims due rows of one outbox for this worker, with a lease (like the mail outbox's). */
function claimDue(db: Db, outbox: Outbox): Promise<Claimed[]> {
  const due = sql.raw(COLUMNS[outbox].due);
  const attempts = sql.raw(COLUMNS[outbox].attempts);
  return queryRows<Claimed>(
    db,
    sql`
      update wallet_passes w set ${due} = now() + ${LEASE_MS} * interval '1 millisecond'
      where w.pass_id in (
        select pass_id from wallet_passes where ${due} <= now()
        order by ${due} limit ${BATCH} for update skip locked)
      returning w.pass_id, w.serial, w.updated_at, w.${attempts} as attempts`,
  );
}

/**
 * Settles a claimed row: done clears it unless the pass was marked again meanwhile (then its
 * pushes are due once more); a failure waits and retries, up to MAX_WALLET_ATTEMPTS.
 */
async function settle(db: Db, outbox: Outbox, row: Claimed, done: boolean, retryBaseMs: number) {
  const due = sql.raw(COLUMNS[outbox].due);
  const attempts = sql.raw(COLUMNS[outbox].attempts);
  const updatedAt = new Date(row.updated_at).toISOString();
  if (done) {
    await db.execute(sql`
      update wallet_passes set ${due} = null, ${attempts} = 0
      where pass_id = ${row.pass_id} and updated_at = ${updatedAt}::timestamptz`);
    return;
  }
  const failures = row.attempts + 1;
  const waitMs = retryBaseMs * 2 ** (failures - 1);
  await db.execute(sql`
    update wallet_passes set ${attempts} = ${failures},
      ${due} = case when ${failures} >= ${MAX_WALLET_ATTEMPTS} and updated_at = ${updatedAt}::timestamptz
        then null else now() + ${waitMs} * interval '1 millisecond' end
    where pass_id = ${row.pass_id}`);
}

interface ClaimedVoid extends Record<string, unknown> {
  serial: string;
  attempts: number;
}

/** Claims due rows of the given-away objects (wallet_google_voids), with the same lease. */
function claimDueVoids(db: Db): Promise<ClaimedVoid[]> {
  return queryRows<ClaimedVoid>(
    db,
    sql`
      update wallet_google_voids v set due_at = now() + ${LEASE_MS} * interval '1 millisecond'
      where v.serial in (
        select serial from wallet_google_voids where due_at <= now()
        order by due_at limit ${BATCH} for update skip locked)
      returning v.serial, v.attempts`,
  );
}

/** Settles a claimed given-away object: done forgets it; a failure retries as `settle` does. */
async function settleVoid(db: Db, row: ClaimedVoid, done: boolean, retryBaseMs: number) {
  if (done) {
    await db.execute(sql`delete from wallet_google_voids where serial = ${row.serial}`);
    return;
  }
  const failures = row.attempts + 1;
  const waitMs = retryBaseMs * 2 ** (failures - 1);
  await db.execute(sql`
    update wallet_google_voids set attempts = ${failures},
      due_at = case when ${failures} >= ${MAX_WALLET_ATTEMPTS}
        then null else now() + ${waitMs} * interval '1 millisecond' end
    where serial = ${row.serial}`);
}

export interface WalletWorkerOptions {
  apple: AppleWalletSettings | null;
  google: GoogleWalletSettings | null;
  context: PassTextContext;
  /** An OAuth access token for the Wallet REST API (google-auth-library in main.ts). */
  googleAccessToken?: () => Promise<string>;
  /** Trusted roots of a test's APNs stand-in. */
  apnsCa?: string;
  pollMs?: number;
  retryBaseMs?: number;
}

/**
 * Drains the wallet outboxes (docs/decisions/0043): APNs pushes to the devices registered for each
 * marked pass, and the updated object to Google's REST API for passes saved there. Runs beside the
 * requests, never in them; due rows stay in the database across restarts.
 */
export class WalletOutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly options: WalletWorkerOptions,
    private readonly log: { warn(details: object, message: string): void },
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was marked: look now rather than at the next poll. */
  wake(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.log.warn({ err: error }, 'wallet outbox poll failed'))
        .then(() => {
          this.running = undefined;
          this.schedule(this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One pass over the outboxes (pushes, updates, given-away objects); returns the rows handled. */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (const row of await claimDue(this.db, 'apple')) {
      await settle(this.db, 'apple', row, await this.pushApple(row), this.retryBaseMs);
      handled += 1;
    }
    for (const row of await claimDue(this.db, 'google')) {
      await settle(this.db, 'google', row, await this.updateGoogle(row), this.retryBaseMs);
      handled += 1;
    }
    for (const row of await claimDueVoids(this.db)) {
      await settleVoid(this.db, row, await this.voidGoogle(row), this.retryBaseMs);
      handled += 1;
    }
    return handled;
  }

  /** true when every registered device took the push (or is gone, and is forgotten). */
  private async pushApple(row: Claimed): Promise<boolean> {
    const { apple, apnsCa } = this.options;
    const registrations = await queryRows<{ device_id: string; push_token: string }>(
      this.db,
      sql`select device_id, push_token from wallet_registrations where pass_id = ${row.pass_id}`,
    );
    if (registrations.length === 0) return true;
    if (!apple) return true;
    const results: Map<string, PushResult> = await pushToDevices(
      apple,
      [...new Set(registrations.map((registration) => registration.push_token))],
      apnsCa,
    );
    const gone = registrations.filter(
      (registration) => results.get(registration.push_token) === 'gone',
    );
    for (const registration of gone) {
      await this.db.execute(sql`
        delete from wallet_registrations
        where device_id = ${registration.device_id} and pass_id = ${row.pass_id}`);
    }
    const failed = [...results.values()].filter((result) => result === 'failed').length;
    if (failed > 0) {
      this.log.warn(
        { passId: row.pass_id, failed, attempt: row.attempts + 1 },
        'wallet passes: APNs push failed, retrying',
      );
    }
    return failed === 0;
  }

  /** true when Google took the updated object (or has none: the member never finished saving). */
  private async updateGoogle(row: Claimed): Promise<boolean> {
    const { google, googleAccessToken, context } = this.options;
    if (!google || !googleAccessToken) return true;
    const content = await passContent(this.db, row.pass_id, this.clock());
    if (!content) return true;
    return this.sendToGoogle(
      'PUT',
      row.serial,
      googleObject(content, row.serial, google, context),
      { passId: row.pass_id, attempt: row.attempts + 1 },
    );
  }

  /**
   * true when Google took the given-away object's INACTIVE state: the old holder's copy moves to
   * their expired passes and shows no more changes (the next holder's has another serial).
   */
  private voidGoogle(row: ClaimedVoid): Promise<boolean> {
    return this.sendToGoogle(
      'PATCH',
      row.serial,
      { state: 'INACTIVE' },
      { givenAway: true, attempt: row.attempts + 1 },
    );
  }

  /** Sends the object (or its changed fields) to the Wallet REST API; a 404 (never saved) is done. */
  private async sendToGoogle(
    method: 'PUT' | 'PATCH',
    serial: string,
    body: object,
    details: object,
  ): Promise<boolean> {
    const { google, googleAccessToken } = this.options;
    if (!google || !googleAccessToken) return true;
    try {
      const objectId = googleObjectId(google, serial);
      const response = await fetch(
        `${google.apiUrl}/walletobjects/v1/genericObject/${encodeURIComponent(objectId)}`,
        {
          method,
          headers: {
            authorization: `Bearer ${await googleAccessToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        },
      );
      if (response.ok || response.status === 404) return true;
      this.log.warn(
        { ...details, status: response.status },
        'wallet passes: Google Wallet update refused, retrying',
      );
      return false;
    } catch (error) {
      this.log.warn(
        { err: error, ...details },
        'wallet passes: Google Wallet update failed, retrying',
      );
      return false;
    }
  }
}
