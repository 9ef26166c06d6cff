import { eq, sql } from 'drizzle-orm';
import { standingsFreezeAt, standingsFrozen } from '#shared/challenges.ts';
import {
  EXPLORER_BOARD_SIZE,
  type Explorer,
  type ExplorerInput,
  type ExplorerSetting,
} from '#shared/explorers.ts';
import { passPseudonymSql } from '../audit-trail/pseudonym.ts';
import { requirePublishedChallenge } from '../challenges/require.ts';
import { toChallengeDto } from '../challenges/service.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { countedRedemptionSql } from '../voting/counted.ts';

const HOUR_MS = 3_600_000;

/**
 * GET /api/challenges/{id}/explorers (docs/decisions/0047): the members who opted in, by distinct
 * shops redeemed (a pass has one coupon per shop), ties to who reached that count first: the
 * instant of their latest counted redeem. Counted redemptions only (an active pass, a live shop),
 * so a refunded or disputed pass leaves the board; votes are not read, so a reset of votes
 * changes nothing. During a standings freeze (docs/RULES.md rule 18) the redeems count up to the
 * freeze instant, as the public vote counts do; the opt-ins are read now, so leaving is at once.
 * 404 for a draft or an unknown id.
 */
export async function explorerBoardOf(db: Db, challengeId: number, now: Date): Promise<Explorer[]> {
  const challenge = await requirePublishedChallenge(db, challengeId);
  const dto = toChallengeDto(challenge);
  const by = standingsFrozen(dto, now)
    ? standingsFreezeAt(dto)!
    : new Date(Math.min(now.getTime(), challenge.endDate.getTime()));
  const rows = await queryRows<{ name: string; shops: number; reached_ms: number }>(
    db,
    sql`select coalesce(u.explorer_name, ${passPseudonymSql(sql`c.audit_salt`, sql`p.id`)}) as name,
        count(*)::int as shops,
        extract(epoch from max(k.redeemed_at))::float8 * 1000 as reached_ms
      from coupons k
        join passes p on p.id = k.pass_id
        join businesses b on b.id = k.business_id
        join challenges c on c.id = p.challenge_id
        join users u on u.id = p.user_id
      where p.challenge_id = ${challenge.id} and b.challenge_id = ${challenge.id}
        and u.explorer_opt_in
        and ${countedRedemptionSql('k', 'p', 'b', sql`${by.toISOString()}::timestamptz`)}
      group by p.id, u.explorer_name, c.audit_salt
      order by shops desc, max(k.redeemed_at) asc, p.id asc
      limit ${EXPLORER_BOARD_SIZE}`,
  );
  return rows.map((row) => ({
    name: row.name,
    shops: Number(row.shops),
    // docs/RULES.md rule 23: nothing finer than the hour in public; the order keeps the instant.
    reachedAt: new Date(Math.floor(Number(row.reached_ms) / HOUR_MS) * HOUR_MS).toISOString(),
  }));
}

const settingOf = (row: { explorerOptIn: boolean; explorerName: string | null }) => ({
  optIn: row.explorerOptIn,
  displayName: row.explorerName,
});

/** GET /api/user/explorer: the member's own board setting. */
export async function explorerSettingOf(db: Db, userId: number): Promise<ExplorerSetting> {
  const [row] = await db
    .select({ explorerOptIn: users.explorerOptIn, explorerName: users.explorerName })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  return settingOf(row);
}

/**
 * PUT /api/user/explorer: on or off every board, under the name given (none: the pass pseudonym).
 * The caller clears the public answers, so an opt-out is off the board at once.
 */
export async function setExplorerSetting(
  db: Db,
  userId: number,
  input: ExplorerInput,
): Promise<ExplorerSetting> {
  const [row] = await db
    .update(users)
    .set({ explorerOptIn: input.optIn, explorerName: input.displayName ?? null })
    .where(eq(users.id, userId))
    .returning({ explorerOptIn: users.explorerOptIn, explorerName: users.explorerName });
  if (!row) throw notFound('Account not found');
  return settingOf(row);
}
