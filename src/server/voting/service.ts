import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PublicBusiness, VoteCounts } from '#shared/businesses.ts';
import { standingsFreezeAt, standingsFrozen } from '#shared/challenges.ts';
import type { VoteResult } from '#shared/voting.ts';
import { VOUCHER_PASS_NO_VOTE } from '#shared/vouchers.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import { toChallengeDto } from '../challenges/service.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { businesses, coupons, votes, type Business } from '../db/schema.ts';
import { listLiveBusinesses, publicBusinessIn } from '../businesses/service.ts';
import { memberIdSql, type MemberRef } from '../auth/session-member.ts';
import { conflict, forbidden, notFound, saying, withWords } from '../errors.ts';
import { callRule } from '../db/rule-call.ts';
import { heldPassRefusalError, type HeldPassRefusal } from '../passes/refusal.ts';
import { isLiveShop } from '../businesses/live.ts';
import { shopNameTexts, type NamedShop } from '../businesses/named-shop.ts';
import { countedVoteSql } from './counted.ts';

/**
 * Vote totals per live shop. They are read from the counter each vote keeps in the same
 * transaction, so this costs the same at a thousand votes as at a million.
 */
export async function voteCountsForChallenge(db: Db, challengeId: number): Promise<VoteCounts> {
  const shops = await listLiveBusinesses(db, challengeId);
  return Object.fromEntries(shops.map((shop) => [String(shop.id), shop.voteCount]));
}

/**
 * docs/RULES.md rule 18: the counted votes (an active pass, a live shop, as the counter keeps
 * them) cast before `asOf`, per live shop. Counted from the vote rows, as only a freeze needs.
 */
export async function voteCountsAsOf(db: Db, challengeId: number, asOf: Date): Promise<VoteCounts> {
  const rows = await db
    .select({
      id: businesses.id,
      votes: sql<number>`(select count(*) from votes v join passes p on p.id = v.pass_id
        where v.business_id = "businesses"."id" and ${countedVoteSql('p', '"businesses"')}
          and v.voted_at < ${asOf.toISOString()}::timestamptz)::int`,
    })
    .from(businesses)
    .where(and(eq(businesses.challengeId, challengeId), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return Object.fromEntries(rows.map((row) => [String(row.id), row.votes]));
}

/**
 * The public counts: the active challenge's live shops (none when there is no challenge); in a
 * standings freeze, as they stood at the freeze instant (docs/RULES.md rule 18).
 */
export async function publicVoteCounts(db: Db, now: Date): Promise<VoteCounts> {
  const challenge = await findCurrentBattle(db, now);
  if (!challenge) return {};
  const dto = toChallengeDto(challenge);
  const freezeAt = standingsFreezeAt(dto);
  return freezeAt && standingsFrozen(dto, now)
    ? voteCountsAsOf(db, challenge.id, freezeAt)
    : voteCountsForChallenge(db, challenge.id);
}

/**
 * A pass's own votes that stand: those for live shops (rule 8; a deleted shop's return to their
 * voters), whether or not the pass is counted (a counted vote needs both, voting/counted.ts).
 */
const standingVotesOf = (passId: number) => and(eq(votes.passId, passId), isLiveShop);

/**
 * docs/RULES.md rule 2: each redeemed coupon earns one vote; available = redeemed − cast, never
 * below zero, votes for deleted shops returned (rule 8). Counted by the database's
 * available_votes (src/server/db/rules/available_votes.sql), the same count the rule functions use.
 */
export async function availableVotesOf(db: Db, passId: number): Promise<number> {
  return callRule<number>(db, sql`select available_votes(${passId}) as result`);
}

type VoteOutcome =
  | HeldPassRefusal
  | { outcome: 'shop-not-found' | 'no-votes' | 'voucher-pass' }
  | ({ outcome: 'shop-limit'; votesPerShop: number } & NamedShop)
  | ({
      outcome: 'voted';
      challengeId: number;
      passId: number;
      availableVotes: number;
      votesForShop: number;
    } & NamedShop);

/**
 * docs/RULES.md rule 2: one call of the database's cast_vote (src/server/db/rules/cast_vote.sql). It locks the pass row
 * first, so parallel votes of one pass are counted one after another, then the shop row, and
 * changes the vote row and the shop's counter together. This function words the outcome and,
 * once the vote is committed, announces the new counts to every instance (docs/decisions/0016) and
 * the pass's change to their member answers (docs/decisions/0032).
 */
export async function castVote(
  db: Db,
  changes: Pick<ChangeFeed, 'announceVoteCounts' | 'announcePassChange'>,
  input: { member: MemberRef; businessId: number; now: Date },
): Promise<VoteResult> {
  const result = await callRule<VoteOutcome>(
    db,
    sql`select cast_vote(${memberIdSql(input.member, input.now)}, ${input.businessId}, ${input.now.toISOString()}::timestamptz) as result`,
  );
  switch (result.outcome) {
    case 'signed-out':
    case 'no-pass':
    case 'refused':
      throw heldPassRefusalError(result, 'vote');
    case 'voucher-pass':
      throw forbidden(VOUCHER_PASS_NO_VOTE);
    case 'shop-not-found':
      throw notFound('Shop not found');
    case 'no-votes':
      throw conflict(
        'You have no votes available. Redeem a coupon at a participating shop to earn a vote.',
      );
    case 'shop-limit':
      throw conflict(
        result.votesPerShop === 1
          ? `You have already voted for ${result.shopName}. Each pass gives a shop one vote.`
          : `You have already given ${result.shopName} ${result.votesPerShop} votes, the most one pass may give a shop.`,
      ).writing({}, shopNameTexts(result));
    case 'voted':
      changes.announceVoteCounts(result.challengeId);
      changes.announcePassChange(result.passId);
      return withWords(
        { availableVotes: result.availableVotes, votesForShop: result.votesForShop },
        [saying(`Your vote for ${result.shopName} has been recorded.`, {}, shopNameTexts(result))],
      );
  }
}

/** The caller's votes per live shop (GET /api/user/own-votes). */
export async function ownVoteCounts(db: Db, passId: number): Promise<VoteCounts> {
  const rows = await db
    .select({ businessId: votes.businessId, n: count() })
    .from(votes)
    .innerJoin(businesses, eq(businesses.id, votes.businessId))
    .where(standingVotesOf(passId))
    .groupBy(votes.businessId);
  return Object.fromEntries(rows.map((row) => [String(row.businessId), row.n]));
}

async function liveShopsByIds(db: Db, ids: number[], language: string): Promise<PublicBusiness[]> {
  if (ids.length === 0) return [];
  const rows: Business[] = await db
    .select()
    .from(businesses)
    .where(and(inArray(businesses.id, ids), isLiveShop))
    .orderBy(asc(businesses.position), asc(businesses.id));
  return rows.map((shop) => publicBusinessIn(shop, language));
}

/** Live shops the caller has voted for (GET /api/user/voted-businesses). */
export async function votedBusinesses(
  db: Db,
  passId: number,
  language: string,
): Promise<PublicBusiness[]> {
  const rows = await db
    .selectDistinct({ id: votes.businessId })
    .from(votes)
    .where(eq(votes.passId, passId));
  return liveShopsByIds(
    db,
    rows.map((row) => row.id),
    language,
  );
}

/** Live shops where the caller redeemed the coupon (GET /api/user/visited-businesses). */
export async function visitedBusinesses(
  db: Db,
  passId: number,
  language: string,
): Promise<PublicBusiness[]> {
  const rows = await db
    .select({ id: coupons.businessId })
    .from(coupons)
    .where(and(eq(coupons.passId, passId), eq(coupons.redeemed, true)));
  return liveShopsByIds(
    db,
    rows.map((row) => row.id),
    language,
  );
}

type ResetOutcome =
  HeldPassRefusal | { outcome: 'reset'; passId: number; removed: number; availableVotes: number };

/**
 * docs/RULES.md rule 5 (testing only): one call of the reset_votes rule (src/server/db/rules/),
 * which deletes the caller's votes and takes the counted ones off the shops' counters.
 */
export async function resetVotes(
  db: Db,
  changes: Pick<ChangeFeed, 'announcePassChange'>,
  input: { member: MemberRef; now: Date },
): Promise<{ removed: number; availableVotes: number }> {
  const result = await callRule<ResetOutcome>(
    db,
    sql`select reset_votes(${memberIdSql(input.member, input.now)}, ${input.now.toISOString()}::timestamptz) as result`,
  );
  switch (result.outcome) {
    case 'signed-out':
    case 'no-pass':
    case 'refused':
      throw heldPassRefusalError(result, 'reset votes');
    case 'reset':
      changes.announcePassChange(result.passId);
      return { removed: result.removed, availableVotes: result.availableVotes };
  }
}
