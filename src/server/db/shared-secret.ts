import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSettings } from './schema.ts';

/**
 * A secret every instance on one database must share, and keep after a restart: generated once
 * and stored in app_settings under `key` (the session secret without SESSION_SECRET, the wallet
 * passes' token key).
 */
export async function sharedSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  if (!row) throw new Error(`${key} missing after insert`);
  return row.value;
}
