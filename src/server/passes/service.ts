import { and, eq } from 'drizzle-orm';
import type { PassDto } from '#shared/passes.ts';
import type { Db } from '../db/client.ts';
import { passes, type Pass } from '../db/schema.ts';

export function toPassDto(pass: Pass): PassDto {
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
