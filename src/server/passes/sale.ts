import { badRequest, notFound } from '../errors.ts';
import { challengePhase } from '#shared/challenge-phase.ts';
import { formatInstant } from '#shared/date-range.ts';
import { findCurrentBattle } from '../challenges/current-battle.ts';
import type { Db } from '../db/client.ts';
import type { Challenge } from '../db/schema.ts';

/**
 * The challenge whose passes are sold now: the active one (rule 1), only while it runs, as
 * /checkout and the pass buttons show it (docs/decisions/0017). Checkout and the testing tool
 * both ask here.
 */
export async function challengeOnSale(db: Db, now: Date): Promise<Challenge> {
  const challenge = await findCurrentBattle(db, now);
  if (!challenge) throw notFound('No active challenge available.');
  const phase = challengePhase(challenge, now);
  if (phase === 'ended') {
    throw badRequest('This challenge has ended, so passes are no longer sold.');
  }
  if (phase === 'upcoming') {
    throw badRequest(
      `${challenge.title} has not started yet. Passes go on sale on ${formatInstant(challenge.startDate, challenge.timeZone)}.`,
    ).writing({ formatInstant: { at: challenge.startDate, timeZone: challenge.timeZone } });
  }
  return challenge;
}

export const PASS_ALREADY_HELD_MESSAGE = 'You already have a battle pass for this challenge.';
