import { findCurrentBattle } from '#server/challenges/current-battle.ts';
import type { Db } from '#server/db/client.ts';
import type { Business, Challenge } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { insertBusiness, insertChallenge } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

type ChallengeFields = Parameters<typeof insertChallenge>[2];
type ShopFields = Parameters<typeof insertBusiness>[2];

/**
 * A challenge with its shops, straight in the database: running around `now` unless its fields
 * say otherwise (insertChallenge). `shops` is a count or each shop's own fields; shop i is
 * `Shop i+1` at position i unless its fields say otherwise, so a test can name shops by their
 * place in the list.
 */
export async function insertRunningBattle(
  db: Db,
  now: Date,
  {
    challenge: fields = {},
    shops = 2,
  }: { challenge?: ChallengeFields; shops?: number | ShopFields[] } = {},
): Promise<{ challenge: Challenge; shops: Business[] }> {
  const challenge = await insertChallenge(db, now, fields);
  const shopFields = typeof shops === 'number' ? Array.from({ length: shops }, () => ({})) : shops;
  const inserted: Business[] = [];
  for (const [index, each] of shopFields.entries()) {
    inserted.push(
      await insertBusiness(db, challenge.id, {
        name: `Shop ${index + 1}`,
        position: index,
        ...each,
      }),
    );
  }
  return { challenge, shops: inserted };
}

/** The demo seed's battle, running at the test clock's now: what a visitor of a new site finds. */
export async function seededBattle(ctx: TestContext): Promise<Challenge> {
  await seedDemoData(ctx.db, ctx.clock.now());
  const challenge = await findCurrentBattle(ctx.db, ctx.clock.now());
  if (!challenge) throw new Error('the demo seed made no running battle');
  return challenge;
}
