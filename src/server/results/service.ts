import { eq, sql } from 'drizzle-orm';
import { hasEnded } from '#shared/challenge-phase.ts';
import {
  RESULTS_METHOD,
  RESULTS_NOT_YET_MESSAGE,
  type PublishedVersion,
  type Results,
} from '#shared/results.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';
import { businesses, type Challenge, type PublishedResult } from '../db/schema.ts';
import { textsIn } from '#shared/translations.ts';
import { conflict, notFound } from '../errors.ts';
import { requirePublishedChallenge } from '../challenges/require.ts';
import type { StoredFile } from '../audit-trail/published-file.ts';
import { publicDrawsOf } from '../draws/service.ts';
import { PUBLISHED_CHUNK_BYTES, publishedChunk, publishedResultsOf } from './publish.ts';

/** docs/RULES.md rule 17: a published challenge whose results are public at `now`: it has ended. */
export async function endedChallenge(db: Db, challengeId: number, now: Date): Promise<Challenge> {
  const challenge = await requirePublishedChallenge(db, challengeId);
  if (!hasEnded(challenge, now)) throw conflict(RESULTS_NOT_YET_MESSAGE);
  return challenge;
}

/**
 * What GET /api/challenges/{id}/results is computed from, so it is computed once per change
 * (docs/decisions/0037): the ended challenge (refused as `endedChallenge` refuses) and a stamp that
 * moves with everything its answer shows. The stored versions move only with a recorded correction
 * (the computation stores the version it makes due, publish.ts; nothing rewrites one), the draws
 * with their creation and reveal (none is deleted), and the challenge with its own fields.
 */
export async function resultsStampOf(
  db: Db,
  challengeId: number,
  now: Date,
): Promise<{ challenge: Challenge; stamp: string }> {
  const challenge = await endedChallenge(db, challengeId, now);
  const [row] = await queryRows<{ stamp: string }>(
    db,
    sql`select concat_ws(' ',
        (select max(id) from result_corrections where challenge_id = ${challengeId}),
        (select count(*) || '/' || count(revealed_at) from prize_draws
          where challenge_id = ${challengeId})) as stamp`,
  );
  const shown = [challenge.endDate.toISOString(), challenge.timeZone, row?.stamp ?? ''];
  return { challenge, stamp: shown.join(' ') };
}

function toPublishedVersion(stored: PublishedResult): PublishedVersion {
  return {
    version: stored.version,
    publishedAt: stored.publishedAt.toISOString(),
    reason: stored.reason,
    ranking: stored.ranking,
    votesCsvSha256: stored.votesCsvSha256,
    votesCsvBytes: stored.votesCsvBytes,
  };
}

/**
 * GET /api/challenges/{id}/results of an ended challenge, as stored (docs/RULES.md rule 23): the
 * latest version's ranking and hash on top, every version beside.
 */
export async function resultsOf(
  db: Db,
  challenge: Challenge,
  now: Date,
  language?: string,
): Promise<Results> {
  const versions = (await publishedResultsOf(db, challenge.id, now)).map(toPublishedVersion);
  const latest = versions.at(-1)!;
  const shopNames = language ? await shopNamesIn(db, challenge.id, language) : {};
  return {
    challengeId: challenge.id,
    endedAt: challenge.endDate.toISOString(),
    timeZone: challenge.timeZone,
    method: RESULTS_METHOD,
    ranking: latest.ranking,
    votesCsvSha256: latest.votesCsvSha256,
    version: latest.version,
    versions,
    draws: await publicDrawsOf(db, challenge.id, language),
    ...(Object.keys(shopNames).length > 0 ? { shopNames } : {}),
  };
}

/**
 * The battle's shops' names written in `language` (docs/decisions/0050), by shop id: only those
 * the organizer translated, so the page shows the published name of every other.
 */
async function shopNamesIn(
  db: Db,
  challengeId: number,
  language: string,
): Promise<Record<string, string>> {
  const shops = await db
    .select({ id: businesses.id, name: businesses.name, translations: businesses.translations })
    .from(businesses)
    .where(eq(businesses.challengeId, challengeId));
  const names: Record<string, string> = {};
  for (const shop of shops) {
    const { name } = textsIn(shop, shop.translations, ['name'], language);
    if (name !== shop.name) names[String(shop.id)] = name;
  }
  return names;
}

/** GET /api/challenges/{id}/votes.csv: the latest stored version, or the one asked for. */
export async function publishedVotesCsv(
  db: Db,
  challenge: Challenge,
  now: Date,
  version: number | undefined,
): Promise<StoredFile & { version: number }> {
  const versions = await publishedResultsOf(db, challenge.id, now);
  const stored = version === undefined ? versions.at(-1) : versions[version - 1];
  if (!stored) throw notFound('No such version of the results');
  return {
    version: stored.version,
    sha256: stored.votesCsvSha256,
    size: stored.votesCsvBytes,
    chunkBytes: PUBLISHED_CHUNK_BYTES,
    chunk: (seq) => publishedChunk(db, challenge.id, stored.version, seq),
  };
}
