import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { callRule } from '../db/rule-call.ts';

/**
 * Switches a pass off (full refund, dispute opened: its coupons stop working and its votes stop
 * counting) or on again (dispute won): whether it is a counted pass (docs/GLOSSARY.md). One call
 * of the set_pass_active rule (src/server/db/rules/set_pass_active.sql), which moves the shops'
 * counters with the switch. Idempotent; answers whether the pass changed.
 */
export async function setPassCounted(
  db: Db | Tx,
  passId: number,
  switchTo: { counted: true } | { counted: false; reason: string },
): Promise<boolean> {
  const reason = switchTo.counted ? null : switchTo.reason;
  return callRule<boolean>(
    db,
    sql`select set_pass_active(${passId}, ${switchTo.counted}, ${reason}::text) as result`,
  );
}
