import { badRequest, notFound } from '../errors.ts';
import { challengePhase, findActiveChallenge } from '../challenges/active.ts';
import type { Db } from '../db/client.ts';
import type { Challenge } from '../db/schema.ts';

/**
 * The challenge whose passes are sold now: the active one (rule 1), before or while it runs,
 * never after it ended. Checkout and the testing tool both ask here.
 */
export async function challengeOnSale(db: Db, now: Date): Promise<Challenge> {
  const challenge = await findActiveChallenge(db, now);
  if (!challenge) throw notFound('No active challenge available.');
  if (challengePhase(challenge, now) === 'ended') {
    throw badRequest('This challenge has ended, so passes are no longer sold.');
  }
  return challenge;
}

export const PASS_ALREADY_HELD_MESSAGE = 'You already have a battle pass for this challenge.';
