import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { challengePhase, hasEnded } from '#shared/challenge-phase.ts';
import { standingsFrozen } from '#shared/challenges.ts';
import type { Results } from '#shared/results.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  signedInAdmin,
  TEST_JOB_OPTIONS,
  TestClient,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import { queryRows } from '../db/rule-call.ts';
import { saleAlerts, type Business, type Challenge } from '../db/schema.ts';
import { revealDueDraws } from '../draws/service.ts';
import { queueReminders, queueSaleAlerts } from '../messages/jobs.ts';
import { publishDueResults } from '../results/publish.ts';
import { toChallengeDto } from './service.ts';

const ctx = useTestApp();
const MAIL = TEST_JOB_OPTIONS.mail;

async function sqlPhase(start: Date, end: Date, now: Date) {
  const [row] = await queryRows<{ phase: string }>(
    ctx.db,
    sql`select challenge_phase(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) as phase`,
  );
  return row?.phase;
}

describe('the end instant, decided once (src/shared/challenge-phase.ts, db/rules/challenge_phase.sql)', () => {
  it('the database and challengePhase agree at and around the start and end instants', async () => {
    const start = new Date('2026-07-01T07:00:00.000Z');
    const end = new Date('2026-07-31T06:59:59.999Z');
    const instants = [-1, 0, 1].flatMap((offset) => [
      new Date(start.getTime() + offset),
      new Date(end.getTime() + offset),
    ]);
    for (const instant of instants)
      expect(await sqlPhase(start, end, instant), instant.toISOString()).toBe(
        challengePhase({ startDate: start, endDate: end }, instant),
      );
  });

  describe('every rule that asks "has it ended?" answers as the vote does, 1 ms either side of the end', () => {
    let challenge: Challenge;
    let shops: Business[];
    let voter: Awaited<ReturnType<typeof signedInPassHolder>>;
    let admin: TestClient;
    const draws: number[] = [];

    beforeAll(async () => {
      admin = (await signedInAdmin(ctx.app, ctx.db)).client;
      ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
        challenge: {
          votesPerShop: null,
          endDate: new Date(ctx.clock.now().getTime() + 2 * DAY_MS),
          standingsFreezeHours: 24,
          reminderHoursBeforeEnd: 72,
        },
        shops: 2,
      }));
      voter = await signedInPassHolder(ctx, challenge.id);
      await markRedeemed(ctx, voter.pass, [shops[0]!.id, shops[1]!.id]);
    });

    // In time order, on one battle: what happened at an instant stays done at the next.
    it.each([-1, 0, 1])('end %s ms', async (offset) => {
      const now = new Date(challenge.endDate.getTime() + offset);
      ctx.clock.set(now);
      const ended = hasEnded(challenge, now);
      // Someone who could still be reminded, and someone waiting for the sale.
      await signedInPassHolder(ctx, challenge.id);
      await ctx.db.insert(saleAlerts).values({
        challengeId: challenge.id,
        email: `alert${offset + 1}@example.com`,
        createdAt: now,
      });

      const vote = await voter.client.post('/api/vote', { businessId: shops[0]!.id });
      const created = await admin.post(`/api/admin/challenges/${challenge.id}/draws`, {
        prize: `Prize ${offset + 1}`,
        winnerCount: 1,
        entries: 'passes',
      });
      if (created.statusCode === 201) draws.push(created.json<{ id: number }>().id);
      const observed = {
        phase: await sqlPhase(challenge.startDate, challenge.endDate, now),
        vote: vote.statusCode,
        drawCreated: created.statusCode,
        frozen: standingsFrozen(toChallengeDto(challenge), now),
        reminded: (await queueReminders(ctx.db, MAIL, now)) > 0,
        saleAlerted: (await queueSaleAlerts(ctx.db, MAIL, now)) > 0,
        publishedByJob: await publishDueResults(ctx.db, now),
        results: (await new TestClient(ctx.app).get(`/api/challenges/${challenge.id}/results`))
          .statusCode,
        drawRevealed: (await admin.post(`/api/admin/draws/${draws[0]}/reveal`, {})).statusCode,
        // The other draw (created at the end instant itself) is the job's.
        revealedByJob: await revealDueDraws(ctx.db, now, MAIL),
      };

      expect(observed).toEqual(
        ended
          ? {
              phase: 'ended',
              vote: 403,
              drawCreated: 409,
              frozen: false,
              reminded: false,
              saleAlerted: false,
              publishedByJob: 1,
              results: 200,
              drawRevealed: 200,
              revealedByJob: 1,
            }
          : {
              phase: 'running',
              vote: 200,
              drawCreated: 201,
              frozen: true,
              reminded: true,
              saleAlerted: true,
              publishedByJob: 0,
              results: 409,
              drawRevealed: 409,
              revealedByJob: 0,
            },
      );
      expect(ended).toBe(offset > 0);
    });

    it('the published results count the vote cast at the end instant', async () => {
      const results = (
        await new TestClient(ctx.app).get(`/api/challenges/${challenge.id}/results`)
      ).json<Results>();
      expect(results.ranking.find((row) => row.businessId === shops[0]!.id)?.votes).toBe(2);
    });
  });
});
