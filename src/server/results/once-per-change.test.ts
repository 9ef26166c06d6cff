import { beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '#shared/results.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { insertRunningBattle, insertVotedBattle } from '#tests/helpers/battle.ts';
import {
  queriesDuring,
  signedInAdmin,
  TEST_JOB_OPTIONS,
  TestClient,
  testJobDeps,
  testPublicReads,
  useTestApp,
  withTestApp,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { createDraw, revealDraw } from '../draws/service.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import { setPassCounted } from '../passes/switch.ts';
import type { PublicReads } from '../public-reads/public-reads.ts';

/**
 * docs/decisions/0037: an ended battle's results answer (its JSON and the hash that is its ETag)
 * is computed once per change, not once per interval under traffic; and a draw revealed by the
 * scheduler is public at once, as an organizer's reveal is.
 */

const INTERVAL_MS = 1_000;
const ctx = useTestApp();
let organizerId: number;
beforeAll(async () => {
  organizerId = (await signedInAdmin(ctx.app, ctx.db)).user.id;
});

/** insertVotedBattle with a committed draw; the clock is then moved past its end. */
async function endedBattleWithDraw(context: TestContext, createdBy: number) {
  const { challenge, holders } = await insertVotedBattle(context);
  const draw = await createDraw(context.db, {
    challengeId: challenge.id,
    draw: { prize: 'A year of coffee', winnerCount: 1, entries: 'passes' },
    createdBy,
    now: context.clock.now(),
  });
  context.clock.set(new Date(challenge.endDate.getTime() + 1000));
  return { challenge, holders, draw };
}

describe('the results answer', () => {
  /** The public reads with a one-second interval on a monotonic clock the test steps. */
  let monotonic = 0;
  let reads: PublicReads;
  beforeAll(() => {
    reads = testPublicReads(ctx, INTERVAL_MS, () => monotonic);
  });
  const nextInterval = () => {
    monotonic += INTERVAL_MS + 1;
  };

  it('is computed once across many intervals with no change: the same answer, a check each', async () => {
    const { challenge } = await endedBattleWithDraw(ctx, organizerId);
    const first = await reads.results(challenge.id);
    expect(JSON.parse(first.body)).toMatchObject({ challengeId: challenge.id, version: 1 });

    // Within an interval: from memory, no statement at all.
    const sameInterval = await queriesDuring(ctx.database, async () => {
      for (let read = 0; read < 50; read += 1)
        expect(await reads.results(challenge.id)).toBe(first);
    });
    expect(sameInterval.queries).toBe(0);

    // Each new interval: the stamp is checked (the challenge, then its corrections and draws) and
    // the very same answer kept; computing it again would read versions and draws and hash anew.
    const intervals = 30;
    const acrossIntervals = await queriesDuring(ctx.database, async () => {
      for (let interval = 0; interval < intervals; interval += 1) {
        nextInterval();
        expect(await reads.results(challenge.id)).toBe(first);
      }
    });
    expect(acrossIntervals.queries).toBeLessThanOrEqual(2 * intervals);
  });

  it('is computed again at the next interval after a correction, a reveal or an organizer change', async () => {
    const { challenge, holders, draw } = await endedBattleWithDraw(ctx, organizerId);
    nextInterval();
    const original = await reads.results(challenge.id);

    // A refund after the end: the next interval's answer stores and shows version 2.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    await setPassCounted(
      ctx.db,
      holders[1]!.pass.id,
      { counted: false, reason: 'refunded' },
      { now: ctx.clock.now(), correction: 'A pass was refunded' },
    );
    expect(await reads.results(challenge.id)).toBe(original);
    nextInterval();
    const corrected = await reads.results(challenge.id);
    const correctedResults = JSON.parse(corrected.body) as Results;
    expect(correctedResults.version).toBe(2);
    expect(corrected.etag).not.toBe(original.etag);
    nextInterval();
    expect(await reads.results(challenge.id)).toBe(corrected);

    // The draw's reveal: the next interval's answer carries its seed and winners.
    await revealDraw(ctx.db, draw.id, ctx.clock.now(), TEST_JOB_OPTIONS.mail);
    nextInterval();
    const revealed = await reads.results(challenge.id);
    const [shown] = (JSON.parse(revealed.body) as Results).draws;
    expect(shown?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(revealed).not.toBe(corrected);

    // An organizer's change (clear) computes it again in the same interval.
    reads.clear();
    const afterClear = await reads.results(challenge.id);
    expect(afterClear).not.toBe(revealed);
    expect(afterClear.body).toBe(revealed.body);
  });

  it('is refused as before: 409 before the end, 404 for a draft or an unknown id, nothing kept', async () => {
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    const { challenge: running } = await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: 1 });
    const { challenge: draft } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { active: false, endDate: new Date(ctx.clock.now().getTime() - 1000) },
      shops: 1,
    });
    await expect(reads.results(running.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(reads.results(draft.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(reads.results(999_999)).rejects.toMatchObject({ statusCode: 404 });
    // Once it has ended the answer follows at once: a refusal is never kept.
    ctx.clock.set(new Date(running.endDate.getTime() + 1));
    expect(JSON.parse((await reads.results(running.id)).body)).toMatchObject({ version: 1 });
  });
});

it('a draw revealed by the scheduler is in the public draws list and the results at once', async () => {
  // A minute's cache: without the reveal's announcement both answers would stay unrevealed.
  await withTestApp({ publicCacheTtlMs: 60_000 }, async (cached) => {
    const organizer = await signedInAdmin(cached.app, cached.db);
    const { challenge, draw } = await endedBattleWithDraw(cached, organizer.user.id);
    const visitor = new TestClient(cached.app);
    const listed = async () =>
      (await visitor.get(`/api/challenges/${challenge.id}/draws`)).json<PublicDraw[]>()[0]!;
    const inResults = async () =>
      (await visitor.get(`/api/challenges/${challenge.id}/results`)).json<Results>().draws[0]!;
    expect((await listed()).seed).toBeNull();
    expect((await inResults()).seed).toBeNull();

    const job = periodicJobs(cached.db, testJobDeps(cached)).find(
      (each) => each.name === 'draw-reveal',
    )!;
    await job.run(cached.clock.now());

    const revealed = await listed();
    expect(revealed).toMatchObject({ id: draw.id, revealedAt: cached.clock.now().toISOString() });
    expect(revealed.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await inResults()).seed).toBe(revealed.seed);
  });
});
