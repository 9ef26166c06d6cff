import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCreateSchema } from '#shared/businesses.ts';
import { SITE_LANGUAGES } from '#shared/languages.ts';
import { createOrPromoteAdmin } from '../auth/service.ts';
import { importShops } from '../businesses/import.ts';
import { createBusiness } from '../businesses/service.ts';
import { coupons, passes, users } from '../db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { passesMissingCoupons } from '#tests/helpers/pass-holders.ts';
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

describe('passes issued while shops are added (docs/RULES.md rule 7)', () => {
  // PGlite runs one transaction at a time; on PostgreSQL (DATABASE_URL) these really overlap,
  // and before the coupon-copy lock (./issue.ts) every round left passes without a coupon.
  it('gives each of 40 parallel passes the coupon of a shop created and shops imported meanwhile', async () => {
    const { db } = database;
    for (let round = 0; round < 3; round += 1) {
      const challenge = await insertChallenge(db, new Date());
      await insertBusiness(db, challenge.id);
      const members = await db
        .insert(users)
        .values(
          Array.from({ length: 40 }, (_, index) => ({
            username: `parallel_${round}_${index}`,
            passwordHash: 'not-a-hash',
            email: `parallel_${round}_${index}@x.io`,
          })),
        )
        .returning();
      const shop = businessCreateSchema.parse({
        challengeId: challenge.id,
        name: 'Opened meanwhile',
        description: 'Created while passes are sold',
        address: '2 Race St',
      });
      const csv = 'name,address,description\nImported A,3 Race St,One\nImported B,4 Race St,Two\n';
      const [created, imported] = await Promise.all([
        createBusiness(db, shop, new Date(), SITE_LANGUAGES),
        importShops(db, challenge.id, { csv, commit: true }, new Date(), SITE_LANGUAGES),
        ...members.map((user) =>
          db.transaction((tx) => issuePass(tx, { userId: user.id, challengeId: challenge.id })),
        ),
      ]);
      expect(created).toMatchObject({ challengeId: challenge.id });
      expect(imported).toMatchObject({ imported: 2 });
      expect(await db.$count(passes, eq(passes.challengeId, challenge.id))).toBe(40);
      expect(await passesMissingCoupons(db, challenge.id)).toEqual([]);
    }
  });
});
