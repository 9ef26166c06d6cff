import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PublicBusiness, VoteCounts } from '#shared/businesses.ts';
import type { VoteResult } from '#shared/voting.ts';
import type { Db } from '../db/client.ts';
import { businesses, coupons, votes, type Business } from '../db/schema.ts';
import { listLiveBusinesses, toPublicBusiness } from '../businesses/service.ts';
import { conflict, notFound } from '../errors.ts';
import { assertPassCanAct, requireHeldPass } from '../passes/holder.ts';
import type { Tx } from '../passes/issue.ts';

/**
 * Vote totals per live shop. They are read from the counter each vote keeps in the same
 * transaction, so this costs the same at a thousand votes as at a million.
 */
export async function voteCountsForChallenge(db: Db, challengeId: number): Promise<VoteCounts> {
  const shops = await listLiveBusinesses(db, challengeId);
  return Object.fromEntries(shops.map((shop) => [String(shop.id), shop.voteCount]));
}

/** Votes of a pass that still count: those for shops that were not deleted (rule 8). */
const countedVotesOf = (passId: number) =>
  and(eq(votes.passId, passId), isNull(businesses.deletedAt));

/**
 * DECISIONS rule 2: each redeemed coupon earns one vote; available = redeemed − cast, never
 * below zero. Votes for a deleted shop no longer count, so they return to the voter (rule 8).
 */
export async function availableVotesOf(db: Db | Tx, passId: number): Promise<number> {
  const earned = await db.$count(
    coupons,
    and(eq(coupons.passId, passId), eq(coupons.redeemed, true)),
  );
  const [cast] = await db
    .select({ n: count() })
    .from(votes)
    .innerJoin(businesses, eq(businesses.id, votes.businessId))
    .where(countedVotesOf(passId));
  return Math.max(0, earned - (cast?.n ?? 0));
}

/**
 * DECISIONS rule 2, the one place a vote is cast: the pass must be active, the challenge
 * running, a vote available and the shop's per-pass limit not reached. The pass row is locked
 * first, so parallel votes of one pass are counted one after another; the vote row and the
 * shop's counter change in the same transaction.
 */
export async function castVote(
  db: Db,
  input: { userId: number; businessId: number; now: Date },
): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const { pass, challenge } = await requireHeldPass(tx, input.userId, input.now, { lock: true });
    assertPassCanAct(pass, challenge, input.now, 'vote');

    const [shop] = await tx
      .select()
      .from(businesses)
      .where(
        and(
          eq(businesses.id, input.businessId),
          eq(businesses.challengeId, challenge.id),
          isNull(businesses.deletedAt),
        ),
      )
      // Locked (after the pass, always in that order) so a shop being deleted at this moment
      // either takes this vote back with it or refuses it: no vote is left on a deleted shop.
      .for('update');
    if (!shop) throw notFound('Coffee shop not found');

    const available = await availableVotesOf(tx, pass.id);
    if (available <= 0) {
      throw conflict(
        'You have no votes available. Redeem a coupon at a coffee shop to earn a vote.',
      );
    }
    const alreadyForShop = await tx.$count(
      votes,
      and(eq(votes.passId, pass.id), eq(votes.businessId, shop.id)),
    );
    if (challenge.votesPerShop !== null && alreadyForShop >= challenge.votesPerShop) {
      throw conflict(
        challenge.votesPerShop === 1
          ? `You have already voted for ${shop.name}. Each pass gives a shop one vote.`
          : `You have already given ${shop.name} ${challenge.votesPerShop} votes, the most one pass may give a shop.`,
      );
    }

    await tx.insert(votes).values({ passId: pass.id, businessId: shop.id, votedAt: input.now });
    await tx
      .update(businesses)
      .set({ voteCount: sql`${businesses.voteCount} + 1` })
      .where(eq(businesses.id, shop.id));
    return {
      message: `Your vote for ${shop.name} has been recorded.`,
      availableVotes: available - 1,
      votesForShop: alreadyForShop + 1,
    };
  });
}

/** The caller's votes per live shop (GET /api/user/own-votes). */
export async function ownVoteCounts(db: Db, passId: number): Promise<VoteCounts> {
  const rows = await db
    .select({ businessId: votes.businessId, n: count() })
    .from(votes)
    .innerJoin(businesses, eq(businesses.id, votes.businessId))
    .where(countedVotesOf(passId))
    .groupBy(votes.businessId);
  return Object.fromEntries(rows.map((row) => [String(row.businessId), row.n]));
}

async function liveShopsByIds(db: Db, ids: number[]): Promise<PublicBusiness[]> {
  if (ids.length === 0) return [];
  const rows: Business[] = await db
    .select()
    .from(businesses)
    .where(and(inArray(businesses.id, ids), isNull(businesses.deletedAt)))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return rows.map(toPublicBusiness);
}

/** Live shops the caller has voted for (GET /api/user/voted-businesses). */
export async function votedBusinesses(db: Db, passId: number): Promise<PublicBusiness[]> {
  const rows = await db
    .selectDistinct({ id: votes.businessId })
    .from(votes)
    .where(eq(votes.passId, passId));
  return liveShopsByIds(
    db,
    rows.map((row) => row.id),
  );
}

/** Live shops where the caller redeemed the coupon (GET /api/user/visited-businesses). */
export async function visitedBusinesses(db: Db, passId: number): Promise<PublicBusiness[]> {
  const rows = await db
    .select({ id: coupons.businessId })
    .from(coupons)
    .where(and(eq(coupons.passId, passId), eq(coupons.redeemed, true)));
  return liveShopsByIds(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * DECISIONS rule 5 (testing only): deletes the caller's votes and takes them off the shops'
 * counters in the same transaction, so the counters always equal the vote rows.
 */
export async function resetVotes(db: Db, input: { userId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const { pass } = await requireHeldPass(tx, input.userId, input.now, { lock: true });
    const removed = await tx
      .delete(votes)
      .where(eq(votes.passId, pass.id))
      .returning({ businessId: votes.businessId });
    const perShop = new Map<number, number>();
    for (const { businessId } of removed)
      perShop.set(businessId, (perShop.get(businessId) ?? 0) + 1);
    // In id order, so two resets touching the same shops never wait on each other in a cycle.
    for (const [businessId, n] of [...perShop].sort(([a], [b]) => a - b)) {
      await tx
        .update(businesses)
        .set({ voteCount: sql`${businesses.voteCount} - ${n}` })
        .where(eq(businesses.id, businessId));
    }
    return removed.length;
  });
}
