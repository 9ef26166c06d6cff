import { createHash, createHmac } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDraw, CreatedDraw } from '#shared/draws.ts';
import type { Results } from '#shared/results.ts';
import type { PublicDraw } from '#shared/draws.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { passHoldersWhoRedeemed, type signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import {
  signedInAdmin,
  signedInMember,
  SECOND_APP_TIMEOUT_MS,
  TEST_JOB_OPTIONS,
  testJobDeps,
  TestClient,
  useTestApp,
} from '#tests/helpers/test-app.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox, prizeDraws, type Business, type Challenge } from '../db/schema.ts';
import { periodicJobs } from '../jobs/periodic-jobs.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { setPassCounted } from '../passes/switch.ts';
import { revealDraw } from './service.ts';

const ctx = useTestApp();
let admin: TestClient;
let visitor: TestClient;
let challenge: Challenge;
let shops: Business[];
const holders: Awaited<ReturnType<typeof signedInPassHolder>>[] = [];

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  visitor = new TestClient(ctx.app);
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { votesPerShop: null, endDate: new Date(ctx.clock.now().getTime() + DAY_MS) },
    shops: 3,
  }));
  // Redeemed coupons per holder: 3, 1, 2, 0, and a refunded pass with 2 that must not enter.
  holders.push(
    ...(await passHoldersWhoRedeemed(
      ctx,
      challenge.id,
      [3, 1, 2, 0, 2].map((count) => shops.slice(0, count).map((shop) => shop.id)),
    )),
  );
  await setPassCounted(
    ctx.db,
    holders[4]!.pass.id,
    { counted: false, reason: 'refunded' },
    { now: ctx.clock.now() },
  );
});

const ENTRIES_MESSAGE = "Entries must be 'coupons', 'passes' or 'shops>=N' (N from 1 to 1000)";
const drawsUrl = () => `/api/admin/challenges/${challenge.id}/draws`;
const afterEnd = () => ctx.clock.set(new Date(challenge.endDate.getTime() + 1000));
const beforeEnd = () => ctx.clock.set(new Date(challenge.endDate.getTime() - 60_000));

/** The published winner rule, written out again here with node:crypto rather than shared code. */
function recomputeWinners(seedHex: string, csv: string, winnerCount: number) {
  const rows = parse<{ entry_id: string; pass: string }>(csv, { columns: true });
  const ordered = rows
    .map((row) => ({
      pass: row.pass,
      order: createHmac('sha256', Buffer.from(seedHex, 'hex')).update(row.entry_id).digest('hex'),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const winners: string[] = [];
  for (const row of ordered)
    if (winners.length < winnerCount && !winners.includes(row.pass)) winners.push(row.pass);
  return { rows, winners };
}

async function createDraw(body: object, client = admin) {
  return client.post(drawsUrl(), body);
}

describe('creating a draw', () => {
  beforeAll(beforeEnd);

  it('answers 201 with the commitment and never the seed; the public list shows it unrevealed', async () => {
    const answer = await createDraw({
      prize: 'A year of coffee',
      winnerCount: 2,
      entries: 'passes',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json<CreatedDraw>();
    expect(Object.keys(created).sort()).toEqual(
      ['commitment', 'entries', 'id', 'prize', 'winnerCount'].sort(),
    );
    expect(created).toMatchObject({ prize: 'A year of coffee', winnerCount: 2, entries: 'passes' });
    expect(created.commitment).toMatch(/^[0-9a-f]{64}$/);

    const [stored] = await ctx.db.select().from(prizeDraws).where(eq(prizeDraws.id, created.id));
    expect(stored!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(stored!.seed, 'hex')).digest('hex')).toBe(
      created.commitment,
    );

    const list = (await visitor.get(`/api/challenges/${challenge.id}/draws`)).json<PublicDraw[]>();
    // Public from its commitment, with its creation time (docs/RULES.md rule 23).
    expect(list).toContainEqual({
      ...created,
      seed: null,
      entriesCsvSha256: null,
      winners: null,
      createdAt: ctx.clock.now().toISOString(),
      revealedAt: null,
    });
    // The seed appears in no answer before the reveal.
    for (const url of [drawsUrl(), `/api/challenges/${challenge.id}/draws`])
      expect((await admin.get(url)).body).not.toContain(stored!.seed);
    const entries = await visitor.get(`/api/draws/${created.id}/entries.csv`);
    expect(entries.statusCode).toBe(409);
    expect(entries.json()).toEqual({
      message: 'The entries are published when the draw is revealed',
    });
  });

  it('is for organizers only: 401 signed out, 403 for a member, and nothing is stored', async () => {
    const before = await ctx.db.$count(prizeDraws);
    const body = { prize: 'Mug', winnerCount: 1, entries: 'coupons' };
    expect((await createDraw(body, visitor)).statusCode).toBe(401);
    const member = (await signedInMember(ctx.app)).client;
    expect((await createDraw(body, member)).statusCode).toBe(403);
    expect((await member.get(drawsUrl())).statusCode).toBe(403);
    expect((await member.post('/api/admin/draws/1/reveal', {})).statusCode).toBe(403);
    expect(await ctx.db.$count(prizeDraws)).toBe(before);
  });

  it('refuses bad input with 400 and a clear message, storing nothing', async () => {
    const before = await ctx.db.$count(prizeDraws);
    const cases: [object, string][] = [
      [{ prize: ' ', winnerCount: 1, entries: 'coupons' }, 'Prize is required'],
      [{ prize: 'Mug', winnerCount: 0, entries: 'coupons' }, 'Winner count must be at least 1'],
      [{ prize: 'Mug', winnerCount: 1.5, entries: 'coupons' }, 'whole number'],
      [{ prize: 'Mug', winnerCount: 1, entries: 'votes' }, ENTRIES_MESSAGE],
      [{ prize: 'Mug', winnerCount: 1 }, ENTRIES_MESSAGE],
      ...['shops>=0', 'shops>=04', 'shops>=2.5', 'shops>=1001', 'shops>=', 'shops>=-1'].map(
        (entries): [object, string] => [{ prize: 'Mug', winnerCount: 1, entries }, ENTRIES_MESSAGE],
      ),
    ];
    for (const [body, message] of cases) {
      const answer = await createDraw(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    expect((await admin.post('/api/admin/challenges/999999/draws', cases[0]![0])).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post('/api/admin/challenges/999999/draws', { ...cases[0]![0], prize: 'Mug' }))
        .statusCode,
    ).toBe(404);
    expect(await ctx.db.$count(prizeDraws)).toBe(before);
  });

  it('cannot be revealed before the end: 409', async () => {
    const created = (
      await createDraw({ prize: 'Tote bag', winnerCount: 1, entries: 'coupons' })
    ).json<CreatedDraw>();
    const answer = await admin.post(`/api/admin/draws/${created.id}/reveal`, {});
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: 'Draws are revealed when the battle ends' });
    const [stored] = await ctx.db.select().from(prizeDraws).where(eq(prizeDraws.id, created.id));
    expect(stored!.revealedAt).toBeNull();
  });
});

describe('after the end', () => {
  let coupons: CreatedDraw;
  let passes: CreatedDraw;
  let byStops: CreatedDraw;
  beforeAll(async () => {
    beforeEnd();
    coupons = (
      await createDraw({ prize: 'Espresso machine', winnerCount: 3, entries: 'coupons' })
    ).json<CreatedDraw>();
    passes = (
      await createDraw({ prize: 'Bag of beans', winnerCount: 10, entries: 'passes' })
    ).json<CreatedDraw>();
    byStops = (
      await createDraw({ prize: 'Explorer hoodie', winnerCount: 10, entries: 'shops>=2' })
    ).json<CreatedDraw>();
    expect(byStops.entries).toBe('shops>=2');
    afterEnd();
  });

  it('no new draw can be created: 409', async () => {
    const answer = await createDraw({ prize: 'Late', winnerCount: 1, entries: 'coupons' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message: 'Prize draws can only be created before the battle ends',
    });
  });

  it('reveals once: the seed matches the commitment, entries.csv its hash, winners the rule', async () => {
    const answer = await admin.post(`/api/admin/draws/${coupons.id}/reveal`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    const revealed = answer.json<AdminDraw>();
    expect(revealed.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(revealed.seed!, 'hex')).digest('hex')).toBe(
      coupons.commitment,
    );

    const file = await visitor.get(`/api/draws/${coupons.id}/entries.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
      revealed.entriesCsvSha256,
    );
    const { rows, winners } = recomputeWinners(revealed.seed!, file.body, 3);
    // One entry per redeemed coupon of an active pass: 3 + 1 + 2 (the refunded pass's 2 are out).
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.entry_id)).size).toBe(6);
    expect(file.body.split('\r\n')[0]).toBe('entry_id,pass');
    expect(revealed.winners).toEqual(winners);
    expect(revealed.winners).toHaveLength(3);

    // The pseudonyms are votes.csv's: each winner is one of the active holders, named as there.
    const votes = await visitor.get(`/api/challenges/${challenge.id}/votes.csv`);
    expect(votes.statusCode).toBe(200);
    expect(revealed.winnerAccounts!.map((account) => account.pass)).toEqual(revealed.winners);
    const activeEmails = holders.slice(0, 3).map((holder) => `${holder.user.username}@example.com`);
    for (const account of revealed.winnerAccounts!) expect(activeEmails).toContain(account.email);

    // Revealing again changes nothing; the file's bytes stay the same.
    const again = await admin.post(`/api/admin/draws/${coupons.id}/reveal`, {});
    expect(again.json<AdminDraw>()).toEqual(revealed);
    const second = await visitor.get(`/api/draws/${coupons.id}/entries.csv`);
    expect(second.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('mails each winner once through the outbox', async () => {
    const revealed = (await admin.get(drawsUrl()))
      .json<AdminDraw[]>()
      .find((draw) => draw.id === coupons.id)!;
    const emails = revealed.winnerAccounts!.map((account) => account.email);
    // Beside each member's welcome mail, one prize mail per winner.
    const mail = (
      await ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails))
    ).filter((row) => row.subject.includes('You won a prize'));
    expect(mail.map((row) => row.toAddress).sort()).toEqual([...emails].sort());
    for (const row of mail) {
      expect(row.textBody).toContain('Espresso machine');
    }
  });

  it("'passes' gives one entry per pass with a redeemed coupon, and winners stop at the rows' end", async () => {
    const revealed = (
      await admin.post(`/api/admin/draws/${passes.id}/reveal`, {})
    ).json<AdminDraw>();
    const file = (await visitor.get(`/api/draws/${passes.id}/entries.csv`)).body;
    const { rows, winners } = recomputeWinners(revealed.seed!, file, 10);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.pass)).size).toBe(3);
    expect(revealed.winners).toEqual(winners);
    expect(revealed.winners).toHaveLength(3);
  });

  it("'shops>=2' gives one entry per counted pass with at least 2 distinct shops redeemed", async () => {
    const revealed = (
      await admin.post(`/api/admin/draws/${byStops.id}/reveal`, {})
    ).json<AdminDraw>();
    expect(revealed.entries).toBe('shops>=2');
    const file = (await visitor.get(`/api/draws/${byStops.id}/entries.csv`)).body;
    const { rows, winners } = recomputeWinners(revealed.seed!, file, 10);
    // Holders with 3 and 2 shops; not the one with 1, nor the refunded pass with 2.
    expect(rows.map((row) => row.entry_id)).toEqual(['1', '2']);
    const entered = [holders[0]!, holders[2]!].map(
      (holder) => `${holder.user.username}@example.com`,
    );
    expect(revealed.winnerAccounts!.map((account) => account.email).sort()).toEqual(entered.sort());
    expect(revealed.winners).toEqual(winners);
  });

  it('results carry the draws as published', async () => {
    const results = (await visitor.get(`/api/challenges/${challenge.id}/results`)).json<Results>();
    const list = (await visitor.get(`/api/challenges/${challenge.id}/draws`)).json<PublicDraw[]>();
    expect(results.draws).toEqual(list);
    const published = list.find((draw) => draw.id === coupons.id)!;
    expect(published.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(published.winners).toHaveLength(3);
  });

  it("results name each prize in the request's language where the organizer wrote it (docs/decisions/0050)", async () => {
    await ctx.db
      .update(prizeDraws)
      .set({ translations: { es: { prize: 'Máquina de espresso' } } })
      .where(eq(prizeDraws.id, coupons.id));
    const resultsIn = async (acceptLanguage: string) => {
      const answer = await visitor.request({
        method: 'GET',
        url: `/api/challenges/${challenge.id}/results`,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Results>().draws.find((draw) => draw.id === coupons.id)!;
    };
    const spanish = await resultsIn('es-MX,es;q=0.9');
    expect(spanish.prize).toBe('Máquina de espresso');
    const english = await resultsIn('en-US');
    expect(english.prize).toBe('Espresso machine');
    // The prize is the only word that changes: the published draw is the same draw.
    expect({ ...spanish, prize: english.prize }).toEqual(english);
  });

  it('answers 404 for unknown draws and challenges, 400 for bad ids', async () => {
    expect((await visitor.get('/api/draws/999999/entries.csv')).statusCode).toBe(404);
    expect((await visitor.get('/api/draws/abc/entries.csv')).statusCode).toBe(400);
    expect((await visitor.get('/api/challenges/999999/draws')).json()).toEqual({
      message: 'Challenge not found',
    });
    expect((await admin.post('/api/admin/draws/999999/reveal', {})).statusCode).toBe(404);
  });
});

describe('the reveal under concurrency and on the scheduler', () => {
  async function freshDraw(entries: 'coupons' | 'passes') {
    ctx.clock.set(new Date(Date.now()));
    const { challenge: battle, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { endDate: new Date(ctx.clock.now().getTime() + DAY_MS) },
      shops: 1,
    });
    const shopIds = shops.map((shop) => shop.id);
    await passHoldersWhoRedeemed(ctx, battle.id, [shopIds, shopIds, shopIds]);
    const created = (
      await admin.post(`/api/admin/challenges/${battle.id}/draws`, {
        prize: 'Parallel prize',
        winnerCount: 2,
        entries,
      })
    ).json<CreatedDraw>();
    return { battle, created };
  }

  it(
    'two reveals in parallel (separate connections on PostgreSQL) give one result and one mail each',
    async () => {
      const { battle, created } = await freshDraw('coupons');
      const after = new Date(battle.endDate.getTime() + 1000);
      const dbs: Db[] = [ctx.db, usingPostgres ? (await ctx.database.reopen()).db : ctx.db];
      const prizeMail = () => ctx.db.$count(mailOutbox, like(mailOutbox.subject, 'You won%'));
      const mailBefore = await prizeMail();
      const results = await Promise.all(
        [...dbs, ...dbs].map((db) => revealDraw(db, created.id, after, TEST_JOB_OPTIONS.mail)),
      );
      for (const result of results) {
        expect(result.seed).toBe(results[0]!.seed);
        expect(result.winners).toEqual(results[0]!.winners);
        expect(result.entriesCsv).toBe(results[0]!.entriesCsv);
        expect(result.revealedAt).toEqual(results[0]!.revealedAt);
      }
      expect(await prizeMail()).toBe(mailBefore + 2);
    },
    SECOND_APP_TIMEOUT_MS,
  );

  it('the scheduler reveals a draw once the server clock passes the end', async () => {
    const { battle, created } = await freshDraw('passes');
    const job = periodicJobs(ctx.db, testJobDeps(ctx)).find((each) => each.name === 'draw-reveal')!;
    const scheduler = new Scheduler(ctx.db, [job], ctx.clock.now, { warn: () => {} });
    const shown = async () =>
      (await visitor.get(`/api/challenges/${battle.id}/draws`))
        .json<PublicDraw[]>()
        .find((draw) => draw.id === created.id)!;

    // Before the end the job runs and reveals nothing.
    await job.run(ctx.clock.now());
    expect((await shown()).seed).toBeNull();

    ctx.clock.set(new Date(battle.endDate.getTime() + 1000));
    await ctx.db.execute(sql`update scheduled_jobs set last_run_at = now() - interval '1 hour'
      where name = 'draw-reveal'`);
    expect(await scheduler.tick(job)).toBe(true);
    const draw = await shown();
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    const file = (await visitor.get(`/api/draws/${created.id}/entries.csv`)).body;
    expect(draw.winners).toEqual(recomputeWinners(draw.seed!, file, 2).winners);
  });
});
