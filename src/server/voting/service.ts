import type { VoteCounts } from '#shared/businesses.ts';
import type { Db } from '../db/client.ts';
import { listLiveBusinesses } from '../businesses/service.ts';

/**
 * Vote totals per live shop. They are read from the counter each vote keeps in the same
 * transaction, so this costs the same at a thousand votes as at a million.
 */
export async function voteCountsForChallenge(db: Db, challengeId: number): Promise<VoteCounts> {
  const shops = await listLiveBusinesses(db, challengeId);
  return Object.fromEntries(shops.map((shop) => [String(shop.id), shop.voteCount]));
}
