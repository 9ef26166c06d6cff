import { and, eq } from 'drizzle-orm';
import type { PassDto } from '#shared/passes.ts';
import type { Db } from '../db/client.ts';
import { passes, type Pass } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { issuePass } from './issue.ts';
import { challengeOnSale, PASS_ALREADY_HELD_MESSAGE } from './sale.ts';

/** A held pass as its holder reads it (one being transferred has no holder and is never sent). */
export function toPassDto(pass: Pass): PassDto {
  if (pass.userId === null) throw new Error(`pass ${pass.id} has no holder`);
  return {
    id: pass.id,
    userId: pass.userId,
    challengeId: pass.challengeId,
    purchaseDate: pass.purchaseDate.toISOString(),
    active: pass.active,
    inactiveReason: pass.inactiveReason,
  };
}

export async function findPass(db: Db, userId: number, challengeId: number): Promise<Pass | null> {
  const [pass] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), eq(passes.challengeId, challengeId)));
  return pass ?? null;
}

/**
 * POST /api/testing/create-pass (docs/RULES.md rule 5): a pass without payment for the challenge on
 * sale, through the same issuePass as a purchase.
 */
export async function createTestPass(db: Db, userId: number, now: Date): Promise<Pass> {
  const challenge = await challengeOnSale(db, now);
  return db.transaction(async (tx) => {
    const { pass, created } = await issuePass(tx, {
      userId,
      challengeId: challenge.id,
      purchaseDate: now,
    });
    if (!created) throw conflict(PASS_ALREADY_HELD_MESSAGE);
    return pass;
  });
}
