import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { formatInstant } from '#shared/date-range.ts';
import {
  VOUCHER_CODE_TAKEN,
  VOUCHER_NOT_FOUND,
  VOUCHER_OTHER_BATTLE,
  VOUCHER_PASS_HELD,
  VOUCHER_USED_UP,
  type VoucherDto,
} from '#shared/vouchers.ts';
import { hasEnded } from '#shared/challenge-phase.ts';
import { requireChallenge } from '../challenges/require.ts';
import type { Db } from '../db/client.ts';
import { passes, vouchers, type Pass, type Voucher } from '../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';
import { issuePass } from './issue.ts';
import { challengeOnSale } from './sale.ts';

/**
 * Free passes (docs/RULES.md rule 24, docs/decisions/0044). The organizer makes a voucher per
 * battle with a tag, a number of uses and an optional expiry; a signed-in person redeems its code
 * for a pass with no payment. Redeeming locks the voucher row first, so of any number of people
 * racing for its last use exactly one gets a pass; whether such a pass votes and enters draws is
 * the battle's `voucherPassesVote` (src/server/db/rules/available_votes.sql, cast_vote.sql and
 * src/server/draws/service.ts read it).
 */

/** Capitals and digits without the look-alikes (0/O, 1/I/L): easy to read out and type. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GENERATED_CODE_LENGTH = 10;

const newVoucherCode = () =>
  Array.from(
    { length: GENERATED_CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');

const gone = (message: string) => new AppError(410, message);

function toVoucherDto(voucher: Voucher): VoucherDto {
  return {
    id: voucher.id,
    challengeId: voucher.challengeId,
    code: voucher.code,
    tag: voucher.tag,
    maxUses: voucher.maxUses,
    uses: voucher.uses,
    expiresAt: voucher.expiresAt?.toISOString() ?? null,
    createdAt: voucher.createdAt.toISOString(),
  };
}

/** POST /api/admin/challenges/{id}/vouchers: `code` already checked and in capitals. */
export async function createVoucher(
  db: Db,
  input: {
    challengeId: number;
    code?: string;
    tag: string;
    maxUses: number;
    expiresAt?: string;
    createdBy: number;
    now: Date;
  },
): Promise<VoucherDto> {
  const challenge = await requireChallenge(db, input.challengeId);
  if (hasEnded(challenge, input.now)) {
    throw conflict('This battle has ended, so no more vouchers can be made for it.');
  }
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt <= input.now) throw badRequest('Expiry must be in the future.');
  try {
    const [voucher] = await db
      .insert(vouchers)
      .values({
        challengeId: challenge.id,
        code: input.code ?? newVoucherCode(),
        tag: input.tag,
        maxUses: input.maxUses,
        expiresAt,
        createdBy: input.createdBy,
        createdAt: input.now,
      })
      .returning();
    if (!voucher) throw new Error('insert returned no voucher');
    return toVoucherDto(voucher);
  } catch (error) {
    if (isUniqueViolation(error, 'vouchers_code_uq')) throw conflict(VOUCHER_CODE_TAKEN);
    throw error;
  }
}

/** GET /api/admin/challenges/{id}/vouchers: newest first, each with its uses. */
export async function listVouchers(db: Db, challengeId: number): Promise<VoucherDto[]> {
  await requireChallenge(db, challengeId);
  const rows = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.challengeId, challengeId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id));
  return rows.map(toVoucherDto);
}

/**
 * POST /api/vouchers/redeem: the code's voucher, locked, gives the signed-in person a pass for the
 * battle on sale, with every live shop's coupon (issuePass, rule 7), and counts one use, in one
 * transaction. A refusal (unknown, other battle, expired, used up, already a holder) changes
 * nothing: the use is counted only with the pass.
 */
export async function redeemVoucher(
  db: Db,
  input: { userId: number; code: string; now: Date },
): Promise<Pass> {
  const onSale = await challengeOnSale(db, input.now);
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select()
      .from(vouchers)
      .where(eq(vouchers.code, input.code))
      .for('update');
    if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
    if (voucher.challengeId !== onSale.id) throw conflict(VOUCHER_OTHER_BATTLE);
    if (voucher.expiresAt && voucher.expiresAt <= input.now) {
      throw gone(
        `This voucher code expired on ${formatInstant(voucher.expiresAt, onSale.timeZone)}.`,
      ).writing({ formatInstant: { at: voucher.expiresAt, timeZone: onSale.timeZone } });
    }
    if (voucher.uses >= voucher.maxUses) throw gone(VOUCHER_USED_UP);
    const [held] = await tx
      .select({ id: passes.id })
      .from(passes)
      .where(and(eq(passes.userId, input.userId), eq(passes.challengeId, onSale.id)));
    if (held) throw conflict(VOUCHER_PASS_HELD);
    const issued = await issuePass(tx, {
      userId: input.userId,
      challengeId: onSale.id,
      voucherId: voucher.id,
      purchaseDate: input.now,
    });
    // The holder check above and the unique (user, battle) index settle a race with a purchase.
    if (!issued.created) throw conflict(VOUCHER_PASS_HELD);
    await tx
      .update(vouchers)
      .set({ uses: voucher.uses + 1 })
      .where(eq(vouchers.id, voucher.id));
    return issued.pass;
  });
}
