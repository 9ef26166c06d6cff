import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDraw } from '#shared/draws.ts';
import type { Results } from '#shared/results.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { DAY_MS, insertChallenge } from '#tests/helpers/fixtures.ts';
import { insertVotedBattle } from '#tests/helpers/battle.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import {
  signedInAdmin,
  SECOND_APP_TIMEOUT_MS,
  testJobDeps,
  TestClient,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import type { Db } from '../db/client.ts';
import {
  businesses,
  challenges,
  prizeDraws,
  publishedFileChunks,
  publishedResults,
  type Business,
  type Challenge,
} from '../db/schema.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import { setPassCounted } from '../passes/switch.ts';

/**
 * docs/RULES.md rule 23 (docs/decisions/0028): results, votes.csv and draws are stored at the end
 * and served as stored; a later refund is a dated correction beside the original; an ended
 * battle's dates and shops are fixed; a draft's results and draws are unknown to the public.
 */

const HOUR_MS = 3_600_000;
const ctx = useTestApp();
let admin: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  visitor = new TestClient(ctx.app);
});

/** insertVotedBattle, with a draw of that prize if given; `ended` moves the clock past its end. */
async function votedBattle(options: { ended?: boolean; draw?: string } = {}) {
  const { challenge, shops, holders } = await insertVotedBattle(ctx);
  let draw: CreatedDraw | undefined;
  if (options.draw) {
    const answer = await admin.post(`/api/admin/challenges/${challenge.id}/draws`, {
      prize: options.draw,
      winnerCount: 1,
      entries: 'passes',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    draw = answer.json<CreatedDraw>();
  }
  if (options.ended !== false) ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
  return { challenge, shops, holders, draw };
}

const resultsOf = async (challenge: Challenge) => {
  const answer = await visitor.get(`/api/challenges/${challenge.id}/results`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Results>();
};
const votesCsv = (challenge: Challenge, query = '', headers: Record<string, string> = {}) =>
  visitor.request({
    method: 'GET',
    url: `/api/challenges/${challenge.id}/votes.csv${query}`,
    headers,
  });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the published votes.csv', () => {
  let challenge: Challenge;
  let file: Buffer;
  beforeAll(async () => {
    ({ challenge } = await votedBattle());
    const answer = await votesCsv(challenge);
    expect(answer.statusCode, answer.body).toBe(200);
    file = answer.rawPayload;
  });

  it('is stored once at the end and served with its SHA-256 as ETag (304 when held)', async () => {
    const results = await resultsOf(challenge);
    expect(results.version).toBe(1);
    expect(results.versions).toHaveLength(1);
    expect(results.versions[0]).toMatchObject({
      version: 1,
      reason: null,
      publishedAt: ctx.clock.now().toISOString(),
      votesCsvSha256: sha256(file),
      votesCsvBytes: file.length,
      ranking: results.ranking,
    });
    const answer = await votesCsv(challenge);
    expect(answer.headers.etag).toBe(`"${sha256(file)}"`);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    const held = await votesCsv(challenge, '', { 'if-none-match': `"${sha256(file)}"` });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload).toHaveLength(0);
    const [stored] = await ctx.db
      .select()
      .from(publishedResults)
      .where(eq(publishedResults.challengeId, challenge.id));
    expect(stored!.votesCsvSha256).toBe(sha256(file));
  });

  it('answers byte ranges (206) from the stored bytes, and 416 past the end', async () => {
    const middle = await votesCsv(challenge, '', { range: 'bytes=5-20' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 5-20/${file.length}`);
    expect(middle.rawPayload.equals(file.subarray(5, 21))).toBe(true);
    const tail = await votesCsv(challenge, '', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);
    const past = await votesCsv(challenge, '', { range: `bytes=${file.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(past.json()).toEqual({ message: 'That byte range is not in the file' });
  });

  it('carries no time finer than the hour, and vote_id is the row number, not the vote order', async () => {
    const rows = parse<Record<string, string>>(file.toString('utf8'), { columns: true });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.voted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);
    expect(rows.map((row) => row.vote_id)).toEqual(['1', '2', '3']);
  });

  it('answers 404 for a version that does not exist and 400 for a bad one', async () => {
    expect((await votesCsv(challenge, '?version=2')).json()).toEqual({
      message: 'No such version of the results',
    });
    const bad = await votesCsv(challenge, '?version=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('a refund after the end', () => {
  it('is a dated correction: version 1 keeps its bytes and hash, version 2 stands beside it', async () => {
    const { challenge, shops, holders } = await votedBattle();
    const original = (await votesCsv(challenge)).rawPayload;
    const before = await resultsOf(challenge);

    ctx.clock.set(new Date(ctx.clock.now().getTime() + HOUR_MS));
    const refundedAt = ctx.clock.now();
    expect(
      await setPassCounted(
        ctx.db,
        holders[0]!.pass.id,
        { counted: false, reason: 'refunded' },
        { now: refundedAt, correction: 'A pass was refunded' },
      ),
    ).toBe(true);

    const after = await resultsOf(challenge);
    expect(after.version).toBe(2);
    expect(after.versions[0]).toEqual(before.versions[0]);
    expect(after.versions[1]).toMatchObject({
      version: 2,
      reason: 'A pass was refunded',
      publishedAt: refundedAt.toISOString(),
    });
    expect(after.versions[1]!.votesCsvSha256).not.toBe(before.votesCsvSha256);
    expect(after.votesCsvSha256).toBe(after.versions[1]!.votesCsvSha256);
    // The refunded holder's votes (one for each shop) leave the corrected ranking only.
    const votesOf = (ranking: Results['ranking'], shop: Business) =>
      ranking.find((row) => row.businessId === shop.id)!.votes;
    expect(votesOf(after.versions[0]!.ranking, shops[0])).toBe(2);
    expect(votesOf(after.ranking, shops[0])).toBe(1);
    expect(votesOf(after.ranking, shops[1])).toBe(0);

    const first = await votesCsv(challenge, '?version=1');
    expect(first.rawPayload.equals(original)).toBe(true);
    const latest = await votesCsv(challenge);
    expect(sha256(latest.rawPayload)).toBe(after.versions[1]!.votesCsvSha256);
    expect(parse(latest.rawPayload.toString('utf8'), { columns: true })).toHaveLength(1);
  });

  it('before the end records nothing: the battle still has one version at its end', async () => {
    const { challenge, holders } = await votedBattle({ ended: false });
    await setPassCounted(
      ctx.db,
      holders[1]!.pass.id,
      { counted: false, reason: 'refunded' },
      { now: ctx.clock.now() },
    );
    ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
    const results = await resultsOf(challenge);
    expect(results.versions.map((each) => each.version)).toEqual([1]);
  });
});

describe('an ended battle', () => {
  let challenge: Challenge;
  let shops: readonly [Business, Business];
  beforeAll(async () => {
    ({ challenge, shops } = await votedBattle());
  });

  it('keeps its dates: moving either is 409, other fields still save', async () => {
    const later = new Date(challenge.endDate.getTime() + DAY_MS).toISOString();
    for (const body of [{ endDate: later }, { startDate: new Date(0).toISOString() }]) {
      const answer = await admin.patch(`/api/admin/challenges/${challenge.id}`, body);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        message: 'This battle has ended: its dates are fixed, because its results are published',
      });
    }
    const [stored] = await ctx.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    expect(stored!.endDate).toEqual(challenge.endDate);
    expect(stored!.startDate).toEqual(challenge.startDate);
    const same = await admin.patch(`/api/admin/challenges/${challenge.id}`, {
      endDate: challenge.endDate.toISOString(),
      title: 'Renamed battle',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('keeps its shops: adding, importing, renaming and deleting are 409, nothing changes', async () => {
    const refused = {
      message: 'This battle has ended: its shops are fixed, because its results are published',
    };
    const count = () => ctx.db.$count(businesses, eq(businesses.challengeId, challenge.id));
    const before = await count();
    const answers = [
      await admin.post('/api/admin/businesses', {
        challengeId: challenge.id,
        name: 'Latecomer',
        description: 'Too late',
        address: '1 Late St',
      }),
      await admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, {
        csv: 'name,address,description\nLatecomer,1 Late St,Too late\n',
        commit: true,
      }),
      await admin.patch(`/api/admin/businesses/${shops[0].id}`, { name: 'New name' }),
      await admin.delete(`/api/admin/businesses/${shops[1].id}`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual(refused);
    }
    expect(await count()).toBe(before);
    const stored = await ctx.db.select().from(businesses).where(eq(businesses.id, shops[0].id));
    expect(stored[0]!.name).toBe(shops[0].name);
    const [deleted] = await ctx.db.select().from(businesses).where(eq(businesses.id, shops[1].id));
    expect(deleted!.deletedAt).toBeNull();
    // A description is not part of what was published.
    const edit = await admin.patch(`/api/admin/businesses/${shops[0].id}`, {
      description: 'Still roasting',
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
});

describe('prize draws', () => {
  it('one per prize name per battle (any letter case): 409, nothing stored', async () => {
    const { challenge } = await votedBattle({ ended: false, draw: 'Mug' });
    const count = () => ctx.db.$count(prizeDraws, eq(prizeDraws.challengeId, challenge.id));
    const answer = await admin.post(`/api/admin/challenges/${challenge.id}/draws`, {
      prize: ' mug ',
      winnerCount: 1,
      entries: 'coupons',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: 'This battle already has a draw for that prize' });
    expect(await count()).toBe(1);
  });

  it('are public with their creation and reveal times, and can never be deleted', async () => {
    const { challenge, draw } = await votedBattle({ ended: false, draw: 'Tote bag' });
    const createdAt = ctx.clock.now().toISOString();
    ctx.clock.set(new Date(challenge.endDate.getTime() + 5000));
    expect((await admin.post(`/api/admin/draws/${draw!.id}/reveal`, {})).statusCode).toBe(200);
    const [shown] = (await visitor.get(`/api/challenges/${challenge.id}/draws`)).json<
      PublicDraw[]
    >();
    expect(shown).toMatchObject({ createdAt, revealedAt: ctx.clock.now().toISOString() });
    await expect(ctx.db.delete(prizeDraws).where(eq(prizeDraws.id, draw!.id))).rejects.toThrow();
    expect(await ctx.db.$count(prizeDraws, eq(prizeDraws.id, draw!.id))).toBe(1);
  });
});

it('what was published cannot be rewritten or deleted, whatever code runs', async () => {
  const { challenge } = await votedBattle();
  await resultsOf(challenge);
  const mine = eq(publishedResults.challengeId, challenge.id);
  await expect(
    ctx.db
      .update(publishedResults)
      .set({ votesCsvSha256: 'f'.repeat(64) })
      .where(mine),
  ).rejects.toThrow();
  await expect(ctx.db.delete(publishedResults).where(mine)).rejects.toThrow();
  await expect(
    ctx.db.delete(publishedFileChunks).where(eq(publishedFileChunks.challengeId, challenge.id)),
  ).rejects.toThrow();
  expect(await ctx.db.$count(publishedResults, mine)).toBe(1);
});

it('a draft battle: results, votes file, draws and entries file answer 404 to the public', async () => {
  const draft = await insertChallenge(ctx.db, ctx.clock.now(), {
    active: false,
    endDate: new Date(ctx.clock.now().getTime() + HOUR_MS),
  });
  const created = await admin.post(`/api/admin/challenges/${draft.id}/draws`, {
    prize: 'Draft prize',
    winnerCount: 1,
    entries: 'coupons',
  });
  expect(created.statusCode, created.body).toBe(201);
  ctx.clock.set(new Date(draft.endDate.getTime() + 1000));
  const drawId = created.json<CreatedDraw>().id;
  expect((await admin.post(`/api/admin/draws/${drawId}/reveal`, {})).statusCode).toBe(200);
  for (const [url, message] of [
    [`/api/challenges/${draft.id}/results`, 'Challenge not found'],
    [`/api/challenges/${draft.id}/votes.csv`, 'Challenge not found'],
    [`/api/challenges/${draft.id}/draws`, 'Challenge not found'],
    [`/api/draws/${drawId}/entries.csv`, 'Draw not found'],
  ] as const) {
    const answer = await visitor.get(url);
    expect(answer.statusCode, url).toBe(404);
    expect(answer.json()).toEqual({ message });
  }
});

it(
  'the job stores version 1 at the end without a request, once across instances',
  async () => {
    const { challenge } = await votedBattle();
    const dbs: Db[] = [ctx.db, usingPostgres ? (await ctx.database.reopen()).db : ctx.db];
    const runs = dbs.map((db) =>
      periodicJobs(db, testJobDeps(ctx)).find((job) => job.name === 'results-publish')!,
    );
    await Promise.all([...runs, ...runs].map((job) => job.run(ctx.clock.now())));
    const stored = await ctx.db
      .select()
      .from(publishedResults)
      .where(eq(publishedResults.challengeId, challenge.id));
    expect(stored.map((row) => row.version)).toEqual([1]);
    expect(sha256((await votesCsv(challenge)).rawPayload)).toBe(stored[0]!.votesCsvSha256);
  },
  SECOND_APP_TIMEOUT_MS,
);
