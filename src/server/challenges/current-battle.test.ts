import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { challenges } from '../db/schema.ts';
import { DAY_MS, insertChallenge } from '#tests/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-db.ts';
import { findCurrentBattle } from './current-battle.ts';

let database: TestDatabase;
const now = new Date('2026-07-15T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

beforeEach(async () => {
  database ??= await createTestDatabase();
  await database.db.delete(challenges);
});
afterAll(() => database.close());

describe('findCurrentBattle (docs/RULES.md rule 1)', () => {
  it('is null when no challenge is active', async () => {
    await insertChallenge(database.db, now, { active: false });
    expect(await findCurrentBattle(database.db, now)).toBeNull();
  });

  it('prefers the running challenge over upcoming and ended ones', async () => {
    await insertChallenge(database.db, now, {
      title: 'ended',
      startDate: days(-40),
      endDate: days(-10),
    });
    await insertChallenge(database.db, now, {
      title: 'upcoming',
      startDate: days(5),
      endDate: days(35),
    });
    await insertChallenge(database.db, now, {
      title: 'running',
      startDate: days(-3),
      endDate: days(27),
    });
    await insertChallenge(database.db, now, { title: 'running but inactive', active: false });
    expect((await findCurrentBattle(database.db, now))?.title).toBe('running');
  });

  it('picks the next to start when none runs, then the one that ended last', async () => {
    await insertChallenge(database.db, now, {
      title: 'ended long ago',
      startDate: days(-90),
      endDate: days(-60),
    });
    await insertChallenge(database.db, now, {
      title: 'ended lately',
      startDate: days(-40),
      endDate: days(-2),
    });
    expect((await findCurrentBattle(database.db, now))?.title).toBe('ended lately');
    await insertChallenge(database.db, now, {
      title: 'later',
      startDate: days(20),
      endDate: days(50),
    });
    await insertChallenge(database.db, now, {
      title: 'sooner',
      startDate: days(3),
      endDate: days(33),
    });
    expect((await findCurrentBattle(database.db, now))?.title).toBe('sooner');
  });

  it('breaks ties deterministically by latest start, then id', async () => {
    await insertChallenge(database.db, now, {
      title: 'first',
      startDate: days(-5),
      endDate: days(5),
    });
    await insertChallenge(database.db, now, {
      title: 'second',
      startDate: days(-5),
      endDate: days(9),
    });
    await insertChallenge(database.db, now, {
      title: 'older',
      startDate: days(-8),
      endDate: days(9),
    });
    expect((await findCurrentBattle(database.db, now))?.title).toBe('first');
  });
});
