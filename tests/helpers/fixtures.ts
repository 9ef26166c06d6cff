import type { Db } from '#server/db/client.ts';
import { businesses, challenges, type Business, type Challenge } from '#server/db/schema.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A challenge row straight in the database; running around `now` unless told otherwise. */
export async function insertChallenge(
  db: Db,
  now: Date,
  overrides: Partial<typeof challenges.$inferInsert> = {},
): Promise<Challenge> {
  const [challenge] = await db
    .insert(challenges)
    .values({
      title: 'Test Coffee Battle',
      description: 'A battle for tests',
      startDate: new Date(now.getTime() - DAY_MS),
      endDate: new Date(now.getTime() + 29 * DAY_MS),
      price: 25,
      active: true,
      theme: 'coffee',
      ...overrides,
    })
    .returning();
  return challenge!;
}

let codeSequence = 1000;

export async function insertBusiness(
  db: Db,
  challengeId: number,
  overrides: Partial<typeof businesses.$inferInsert> = {},
): Promise<Business> {
  codeSequence = codeSequence >= 9999 ? 1000 : codeSequence + 1;
  const [business] = await db
    .insert(businesses)
    .values({
      challengeId,
      name: `Shop ${codeSequence}`,
      description: 'A test shop',
      address: '1 Test St',
      redemptionCode: String(codeSequence),
      ...overrides,
    })
    .returning();
  return business!;
}

export { DAY_MS, MINUTE_MS };
