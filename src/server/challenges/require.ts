import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { challenges, type Challenge } from '../db/schema.ts';
import { notFound } from '../errors.ts';

/** What every read of a challenge by id answers when there is none (and, in public, for a draft). */
export const CHALLENGE_NOT_FOUND = 'Challenge not found';

/**
 * The challenge with this id, else 404 'Challenge not found': the one lookup every service that
 * is handed a challenge id starts from. In a transaction `lock` takes its row FOR UPDATE, so
 * changes to it (its dates, its shops) are judged one after another.
 */
export async function requireChallenge(
  db: Db | Tx,
  challengeId: number,
  options: { lock?: boolean } = {},
): Promise<Challenge> {
  const query = db.select().from(challenges).where(eq(challenges.id, challengeId));
  const [challenge] = await (options.lock ? query.for('update') : query);
  if (!challenge) throw notFound(CHALLENGE_NOT_FOUND);
  return challenge;
}

/**
 * A published challenge (docs/GLOSSARY.md), else the same 404: a draft is unknown to the public,
 * so its results, draws and sale alerts answer like a missing one (docs/decisions/0028).
 */
export async function requirePublishedChallenge(db: Db, challengeId: number): Promise<Challenge> {
  const challenge = await requireChallenge(db, challengeId);
  if (!challenge.active) throw notFound(CHALLENGE_NOT_FOUND);
  return challenge;
}
