import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { hasEnded } from '#shared/challenge-phase.ts';
import { rankOf, shownRank } from '#shared/ranking.ts';
import type { RankingRow } from '#shared/results.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import {
  businesses,
  challenges,
  publishedFileChunks,
  publishedResults,
  resultCorrections,
  type PublishedResult,
} from '../db/schema.ts';
import { liveBusinessesOf } from '../challenges/current-battle.ts';
import { writeCountedVotesCsv } from '../audit-trail/votes-file.ts';
import { countedRedemptionSql } from '../voting/counted.ts';

/**
 * docs/RULES.md rule 23, docs/decisions/0028: a battle's results are stored once when it ends
 * (version 1) and again only for a recorded correction (a later version beside the earlier ones),
 * then served as stored. Nothing here rewrites a stored version; the table's trigger refuses it.
 */

/** Bytes per stored row of votes.csv: serving reads one such row per short query. */
export const PUBLISHED_CHUNK_BYTES = 1 << 20;

/**
 * Storing a large battle's file reads every vote in one transaction. It sets its own statement
 * limit, so a pool-wide one meant for requests does not cut it short (README, database settings).
 */
const PUBLISH_STATEMENT_TIMEOUT_MS = 15 * 60_000;

/**
 * docs/RULES.md rule 23: a change after the end that alters what was counted (a pass refunded,
 * disputed or reinstated) is recorded in the change's own transaction, so it is never lost; the
 * next stored version includes it and names it. Before the end nothing is recorded.
 */
export async function recordCorrectionIfEnded(
  tx: Tx,
  challengeId: number,
  reason: string,
  now: Date,
): Promise<void> {
  const [challenge] = await tx
    .select({ endDate: challenges.endDate })
    .from(challenges)
    .where(eq(challenges.id, challengeId));
  if (!challenge || !hasEnded(challenge, now)) return;
  await tx.insert(resultCorrections).values({ challengeId, reason, recordedAt: now });
}

/** Every stored version of a challenge's results, oldest first. */
export async function publishedVersionsOf(db: Db, challengeId: number): Promise<PublishedResult[]> {
  return db
    .select()
    .from(publishedResults)
    .where(eq(publishedResults.challengeId, challengeId))
    .orderBy(asc(publishedResults.version));
}

/** Whether the challenge lacks version 1 or has a correction no version includes yet. */
async function needsPublishing(db: Db | Tx, challengeId: number): Promise<boolean> {
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`select coalesce((select max(covers_correction_id) from published_results
          where challenge_id = ${challengeId}), -1)
        < coalesce((select max(id) from result_corrections where challenge_id = ${challengeId}), 0)
        as due`,
  );
  return row?.due ?? true;
}

/**
 * Stores the next version if one is due: version 1 of an ended battle, or a correction. The
 * challenge's row is locked first, so two instances (or a job and a request) store it once; the
 * later one finds nothing due. Answers whether it stored a version.
 */
async function storeDueVersion(db: Db, challengeId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${PUBLISH_STATEMENT_TIMEOUT_MS}`));
    const [challenge] = await tx
      .select()
      .from(challenges)
      .where(eq(challenges.id, challengeId))
      .for('update');
    if (!challenge || !hasEnded(challenge, now)) return false;
    if (!(await needsPublishing(tx, challengeId))) return false;
    const [latest] = await tx
      .select()
      .from(publishedResults)
      .where(eq(publishedResults.challengeId, challengeId))
      .orderBy(desc(publishedResults.version))
      .limit(1);
    const corrections = await tx
      .select()
      .from(resultCorrections)
      .where(
        and(
          eq(resultCorrections.challengeId, challengeId),
          gt(resultCorrections.id, latest?.coversCorrectionId ?? -1),
        ),
      )
      .orderBy(asc(resultCorrections.id));
    const version = (latest?.version ?? 0) + 1;

    // votes.csv into rows of PUBLISHED_CHUNK_BYTES, hashed as it goes.
    const hash = createHash('sha256');
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= PUBLISHED_CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const data = joined.subarray(0, PUBLISHED_CHUNK_BYTES);
        await tx.insert(publishedFileChunks).values({ challengeId, version, seq, data });
        seq += 1;
        const rest = joined.subarray(data.length);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    const votes = await writeCountedVotesCsv(tx, challengeId, async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      size += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      await flush(false);
    });
    await flush(true);

    await tx.insert(publishedResults).values({
      challengeId,
      version,
      publishedAt: now,
      // Corrections recorded before version 1 was stored are part of it: it states the counted
      // state when it was stored, at most a job interval after the end.
      reason: latest ? corrections.map((each) => each.reason).join('; ') || null : null,
      ranking: await rankingOf(tx, challengeId, votes),
      votesCsvSha256: hash.digest('hex'),
      votesCsvBytes: size,
      coversCorrectionId: corrections.at(-1)?.id ?? latest?.coversCorrectionId ?? 0,
    });
    return true;
  });
}

/**
 * docs/RULES.md rule 17: live shops by counted votes (`votes`, the recount of the file stored
 * beside it), with redeemers (members whose active pass redeemed the shop's coupon) and share.
 */
async function rankingOf(
  tx: Tx,
  challengeId: number,
  votes: Map<number, number>,
): Promise<RankingRow[]> {
  const rows = await tx
    .select({
      businessId: businesses.id,
      name: businesses.name,
      redeemers: sql<number>`(select count(distinct p.user_id) from coupons k
        join passes p on p.id = k.pass_id
        where k.business_id = "businesses"."id" and ${countedRedemptionSql('k', 'p', '"businesses"')})::int`,
    })
    .from(businesses)
    .where(liveBusinessesOf(challengeId))
    .orderBy(asc(businesses.position), asc(businesses.id));
  const counted = rows.map((row) => ({ ...row, votes: votes.get(row.businessId) ?? 0 }));
  const all = counted.map((row) => row.votes);
  return counted
    .map((row) => ({
      businessId: row.businessId,
      name: row.name,
      votes: row.votes,
      redeemers: row.redeemers,
      share: row.redeemers > 0 ? row.votes / row.redeemers : 0,
      rank: shownRank({ rank: rankOf(row.votes, all), votes: row.votes }),
    }))
    .sort((a, b) => b.votes - a.votes);
}

/**
 * One storing per challenge at a time on this instance: everyone who asks while it runs, however
 * long, waits for the same one instead of queueing on the challenge's lock with a connection each.
 */
const storing = new Map<number, Promise<boolean>>();

function storeOnce(db: Db, challengeId: number, now: Date): Promise<boolean> {
  const running = storing.get(challengeId);
  if (running) return running;
  const started = storeDueVersion(db, challengeId, now).finally(() => storing.delete(challengeId));
  storing.set(challengeId, started);
  return started;
}

/**
 * The stored versions of an ended challenge, storing the due one first when the job has not yet
 * (the first ask after the end, or after a correction). Oldest first, never empty.
 */
export async function publishedResultsOf(
  db: Db,
  challengeId: number,
  now: Date,
): Promise<PublishedResult[]> {
  if (await needsPublishing(db, challengeId)) await storeOnce(db, challengeId, now);
  return publishedVersionsOf(db, challengeId);
}

/**
 * The scheduler's job: version 1 of each battle ended by `now` (challenge_phase, the SQL side of
 * hasEnded), and each due correction.
 */
export async function publishDueResults(db: Db, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select c.id from challenges c
      where challenge_phase(c.start_date, c.end_date, ${now.toISOString()}::timestamptz) = 'ended'
        and coalesce((select max(covers_correction_id) from published_results r
              where r.challenge_id = c.id), -1)
          < coalesce((select max(id) from result_corrections k where k.challenge_id = c.id), 0)
      order by c.id`,
  );
  let stored = 0;
  for (const { id } of due) if (await storeOnce(db, Number(id), now)) stored += 1;
  return stored;
}

/**
 * Chunks kept in memory per database (stored chunks never change): a crowd downloading the same
 * file reads each chunk from the database once. Bounded, oldest first out.
 */
const CACHED_CHUNKS = 16;
/** Chunk reads at once per instance: downloads never take more of the pool than this. */
const CHUNK_READS_AT_ONCE = 4;
const chunkCaches = new WeakMap<Db, Map<string, Promise<Buffer>>>();
let chunkReads = 0;
const waitingForRead: (() => void)[] = [];

async function readSlot<T>(read: () => Promise<T>): Promise<T> {
  if (chunkReads >= CHUNK_READS_AT_ONCE)
    await new Promise<void>((resolve) => waitingForRead.push(resolve));
  else chunkReads += 1;
  try {
    return await read();
  } finally {
    const next = waitingForRead.shift();
    if (next) next();
    else chunkReads -= 1;
  }
}

/** One stored row of a version's votes.csv: one short query, or the copy in memory. */
export function publishedChunk(
  db: Db,
  challengeId: number,
  version: number,
  seq: number,
): Promise<Buffer> {
  const cache = chunkCaches.get(db) ?? new Map<string, Promise<Buffer>>();
  chunkCaches.set(db, cache);
  const key = `${challengeId}/${version}/${seq}`;
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so the oldest leaves first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const reading = readSlot(async () => {
    const [row] = await db
      .select({ data: publishedFileChunks.data })
      .from(publishedFileChunks)
      .where(
        and(
          eq(publishedFileChunks.challengeId, challengeId),
          eq(publishedFileChunks.version, version),
          eq(publishedFileChunks.seq, seq),
        ),
      );
    if (!row) throw new Error(`published chunk ${key} missing`);
    return row.data;
  });
  cache.set(key, reading);
  reading.catch(() => cache.delete(key));
  if (cache.size > CACHED_CHUNKS) cache.delete(cache.keys().next().value!);
  return reading;
}
