import { findCurrentBattle } from '#server/challenges/current-battle.ts';
import type { Db } from '#server/db/client.ts';
import type { Business, Challenge } from '#server/db/schema.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { insertBusiness, insertChallenge } from './fixtures.ts';
import { passHoldersWhoRedeemed } from './pass-holders.ts';
import type { TestContext } from './test-app.ts';

type ChallengeFields = Parameters<typeof insertChallenge>[2];
type ShopFields = Parameters<typeof insertBusiness>[2];

const HOUR_MS = 3_600_000;

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

/**
 * A battle running on the test clock for an hour more (started a minute after the last one, so it
 * is the one its members vote in), two holders voting 2 + 1 times at its two shops.
 */
export async function insertVotedBattle(context: TestContext) {
  context.clock.set(new Date(context.clock.now().getTime() + 60_000));
  const { challenge, shops } = await insertRunningBattle(context.db, context.clock.now(), {
    challenge: { votesPerShop: null, endDate: new Date(context.clock.now().getTime() + HOUR_MS) },
    shops: 2,
  });
  const [first, second] = shops as [Business, Business];
  const holders = await passHoldersWhoRedeemed(context, challenge.id, [
    [first.id, second.id],
    [first.id],
  ]);
  for (const [holder, shop] of [
    [holders[0]!, first],
    [holders[0]!, second],
    [holders[1]!, first],
  ] as const) {
    const answer = await holder.client.post('/api/vote', { businessId: shop.id });
    if (answer.statusCode !== 200) throw new Error(`vote failed: ${answer.body}`);
  }
  return { challenge, shops: [first, second] as const, holders };
}

/** The demo seed's battle, running at the test clock's now: what a visitor of a new site finds. */
export async function seededBattle(ctx: TestContext): Promise<Challenge> {
  await seedDemoData(ctx.db, ctx.clock.now());
  const challenge = await findCurrentBattle(ctx.db, ctx.clock.now());
  if (!challenge) throw new Error('the demo seed made no running battle');
  return challenge;
}
