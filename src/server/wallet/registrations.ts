import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { walletRegistrations } from '../db/schema.ts';

/**
 * Passes one device may follow: a phone holds one pass per battle, so this is years of battles,
 * while a script registering thousands is refused (429) before it writes anything.
 */
export const MAX_PASSES_PER_DEVICE = 50;

/** Apple's `passesUpdatedSince` tag: the whole seconds of the last update the device saw. */
export const updateTagSchema = z.string().regex(/^\d{1,12}$/, 'not an update tag');

export type RegisterOutcome = 'registered' | 'already registered' | 'device full';

/**
 * A device asks for a pass's updates. Registering again (a replay, or a new push token after a
 * restore) changes at most the push token. The device's count is checked in the statement that
 * inserts, so parallel registrations cannot pass the cap together by much (each sees the others
 * once committed); the cap is a bound on abuse, not an exact count.
 */
export async function register(
  db: Db,
  registration: { deviceId: string; passId: number; pushToken: string },
): Promise<RegisterOutcome> {
  const { deviceId, passId, pushToken } = registration;
  const [existing] = await db
    .update(walletRegistrations)
    .set({ pushToken })
    .where(and(eq(walletRegistrations.deviceId, deviceId), eq(walletRegistrations.passId, passId)))
    .returning({ passId: walletRegistrations.passId });
  if (existing) return 'already registered';
  const inserted = await queryRows(
    db,
    sql`
      insert into wallet_registrations (device_id, pass_id, push_token)
      select ${deviceId}, ${passId}, ${pushToken}
      where (select count(*) from wallet_registrations where device_id = ${deviceId})
        < ${MAX_PASSES_PER_DEVICE}
      on conflict do nothing
      returning pass_id`,
  );
  if (inserted.length === 1) return 'registered';
  const [again] = await db
    .select({ passId: walletRegistrations.passId })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.deviceId, deviceId), eq(walletRegistrations.passId, passId)));
  return again ? 'already registered' : 'device full';
}

export async function unregister(db: Db, deviceId: string, passId: number) {
  await db
    .delete(walletRegistrations)
    .where(and(eq(walletRegistrations.deviceId, deviceId), eq(walletRegistrations.passId, passId)));
}

/**
 * The serial numbers of the device's passes updated after `since` (all of them without it), and
 * the tag to send next time; null when none.
 */
export async function updatedSerials(
  db: Db,
  deviceId: string,
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const rows = await queryRows<{ serial: string; tag: string }>(
    db,
    sql`
      select w.serial, extract(epoch from w.updated_at)::bigint::text as tag
      from wallet_registrations r join wallet_passes w on w.pass_id = r.pass_id
      where r.device_id = ${deviceId}
        ${since === undefined ? sql`` : sql`and w.updated_at > to_timestamp(${Number(since)})`}
      order by w.serial`,
  );
  if (rows.length === 0) return null;
  return {
    serialNumbers: rows.map((row) => row.serial),
    lastUpdated: String(Math.max(...rows.map((row) => Number(row.tag)))),
  };
}
