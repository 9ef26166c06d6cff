import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { callRule } from '../db/rule-call.ts';
import { passes } from '../db/schema.ts';
import { recordCorrectionIfEnded } from '../results/publish.ts';
import { voidUncollectedRewards } from '../milestones/service.ts';

/**
 * Switches a pass off (full refund, dispute opened: its coupons stop working and its votes stop
 * counting) or on again (dispute won): whether it is a counted pass (docs/GLOSSARY.md). One call
 * of the set_pass_active rule (src/server/db/rules/set_pass_active.sql), which moves the shops'
 * counters with the switch. After the battle's end a switch that happened is recorded, in the
 * same transaction, as a correction of the published results (docs/RULES.md rule 23).
 * Idempotent; answers whether the pass changed.
 */
export async function setPassCounted(
  db: Db | Tx,
  passId: number,
  switchTo: { counted: true } | { counted: false; reason: string },
  when: { now: Date; correction?: string },
): Promise<boolean> {
  const reason = switchTo.counted ? null : switchTo.reason;
  const inTx = async (tx: Tx) => {
    const changed = await callRule<boolean>(
      tx,
      sql`select set_pass_active(${passId}, ${switchTo.counted}, ${reason}::text) as result`,
    );
    if (!changed) return false;
    // docs/decisions/0046: a pass that no longer counts loses the rewards it has not collected.
    if (!switchTo.counted) await voidUncollectedRewards(tx, passId, when.now);
    const [pass] = await tx
      .select({ challengeId: passes.challengeId })
      .from(passes)
      .where(eq(passes.id, passId));
    if (pass)
      await recordCorrectionIfEnded(
        tx,
        pass.challengeId,
        when.correction ?? (switchTo.counted ? 'A pass counts again' : 'A pass no longer counts'),
        when.now,
      );
    return true;
  };
  // Inside a caller's transaction this is a savepoint: the switch and its record stay together.
  return db.transaction(inTx);
}
