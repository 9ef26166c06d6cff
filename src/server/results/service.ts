import { hasEnded } from '#shared/challenge-phase.ts';
import {
  RESULTS_METHOD,
  RESULTS_NOT_YET_MESSAGE,
  type PublishedVersion,
  type Results,
} from '#shared/results.ts';
import type { Db } from '../db/client.ts';
import type { Challenge, PublishedResult } from '../db/schema.ts';
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
export async function resultsOf(db: Db, challenge: Challenge, now: Date): Promise<Results> {
  const versions = (await publishedResultsOf(db, challenge.id, now)).map(toPublishedVersion);
  const latest = versions.at(-1)!;
  return {
    challengeId: challenge.id,
    endedAt: challenge.endDate.toISOString(),
    timeZone: challenge.timeZone,
    method: RESULTS_METHOD,
    ranking: latest.ranking,
    votesCsvSha256: latest.votesCsvSha256,
    version: latest.version,
    versions,
    draws: await publicDrawsOf(db, challenge.id),
  };
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
