import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../auth/service.ts';
import { coupons, passes } from '../db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-db.ts';
import { addCouponsForNewBusiness, issuePass } from './issue.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function newUser(name: string) {
  const { user } = await createOrPromoteAdmin(database.db, {
    username: name,
    password: 'secret12',
    email: `${name}@x.io`,
  });
  return user;
}

describe('issuePass', () => {
  it('creates one pass with a coupon per live shop, even when called ten times at once', async () => {
    const { db } = database;
    const challenge = await insertChallenge(db, new Date());
    await insertBusiness(db, challenge.id);
    await insertBusiness(db, challenge.id);
    await insertBusiness(db, challenge.id, { deletedAt: new Date() });
    const user = await newUser('racer');

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) => issuePass(tx, { userId: user.id, challengeId: challenge.id })),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.pass.id)).size).toBe(1);
    const pass = results[0]!.pass;
    expect(await db.$count(passes, eq(passes.userId, user.id))).toBe(1);
    expect(await db.$count(coupons, eq(coupons.passId, pass.id))).toBe(2);
  });

  it('gives every existing pass a coupon for a shop added later', async () => {
    const { db } = database;
    const challenge = await insertChallenge(db, new Date());
    await insertBusiness(db, challenge.id);
    const holders = [await newUser('early1'), await newUser('early2')];
    const issued = await Promise.all(
      holders.map((user) =>
        db.transaction((tx) => issuePass(tx, { userId: user.id, challengeId: challenge.id })),
      ),
    );
    const late = await insertBusiness(db, challenge.id);
    await db.transaction((tx) => addCouponsForNewBusiness(tx, late.id, challenge.id));
    for (const { pass } of issued) {
      expect(await db.$count(coupons, eq(coupons.passId, pass.id))).toBe(2);
    }
  });
});
