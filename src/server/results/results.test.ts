import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_METHOD, type Results } from '#shared/results.ts';
import { projectRoot } from '#server/project-root.ts';
import { DAY_MS, insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { createTestContext, TestClient, type TestContext } from '#tests/helpers/test-app.ts';
import { businesses, type Business, type Challenge } from '#server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { setPassCounted } from '#server/passes/switch.ts';
import { VOTES_CSV_COLUMNS } from '#tests/helpers/votes-file.ts';

let ctx: TestContext;
let visitor: TestClient;
let challenge: Challenge;
let shops: Business[];

/** A pass holder redeems these shops' coupons and votes once for each of `votesFor`. */
async function holderVoting(redeemAt: Business[], votesFor: Business[]) {
  const holder = await signedInPassHolder(ctx, challenge.id);
  for (const shop of redeemAt) {
    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  for (const shop of votesFor) {
    const answer = await holder.client.post('/api/vote', { businessId: shop.id });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return holder;
}

beforeAll(async () => {
  ctx = await createTestContext();
  visitor = new TestClient(ctx.app);
  challenge = await insertChallenge(ctx.db, ctx.clock.now(), {
    votesPerShop: null,
    endDate: new Date(ctx.clock.now().getTime() + DAY_MS),
    timeZone: 'America/Denver',
  });
  shops = [];
  for (const name of ['Alpha', 'Beta, "the small"', 'Gamma', 'Delta'])
    shops.push(await insertBusiness(ctx.db, challenge.id, { name }));
  const [alpha, beta, gamma, delta] = shops as [Business, Business, Business, Business];
  // Alpha and Beta tie on 2 votes; Gamma has 1; Delta is redeemed but gets none.
  await holderVoting([alpha, gamma, delta], [alpha, alpha, gamma]);
  await holderVoting([beta, delta], [beta, beta]);
  // A refunded pass's redemption and vote do not count.
  const refunded = await holderVoting([gamma], [gamma]);
  await setPassCounted(
    ctx.db,
    refunded.pass.id,
    { counted: false, reason: 'refunded' },
    { now: ctx.clock.now() },
  );
});
afterAll(() => ctx.close());

const resultsUrl = () => `/api/challenges/${challenge.id}/results`;
const votesCsvUrl = () => `/api/challenges/${challenge.id}/votes.csv`;

describe('results before the end', () => {
  it('are not published: 409 with the rule, for the results and the votes file', async () => {
    for (const url of [resultsUrl(), votesCsvUrl()]) {
      const answer = await visitor.get(url);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: 'Results are published when the battle ends' });
    }
  });
});

describe('results after the end', () => {
  beforeAll(() => ctx.clock.set(new Date(challenge.endDate.getTime() + 1000)));

  it('rank by votes (ties share a place, no votes no rank) with redeemers and share', async () => {
    const answer = await visitor.get(resultsUrl());
    expect(answer.statusCode).toBe(200);
    const results = answer.json<Results>();
    expect(results.challengeId).toBe(challenge.id);
    expect(results.endedAt).toBe(challenge.endDate.toISOString());
    expect(results.timeZone).toBe('America/Denver');
    expect(results.method).toContain('tied shops share a place');
    expect(results.ranking).toEqual([
      { businessId: shops[0]!.id, name: 'Alpha', votes: 2, redeemers: 1, share: 2, rank: 1 },
      {
        businessId: shops[1]!.id,
        name: 'Beta, "the small"',
        votes: 2,
        redeemers: 1,
        share: 2,
        rank: 1,
      },
      { businessId: shops[2]!.id, name: 'Gamma', votes: 1, redeemers: 1, share: 1, rank: 3 },
      { businessId: shops[3]!.id, name: 'Delta', votes: 0, redeemers: 2, share: 0, rank: null },
    ]);
    expect(results.draws).toEqual([]);
  });

  it('publish votes.csv whose SHA-256 is votesCsvSha256, the same bytes on every request', async () => {
    const first = await visitor.get(votesCsvUrl());
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    const second = await visitor.get(votesCsvUrl());
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const { votesCsvSha256 } = (await visitor.get(resultsUrl())).json<Results>();
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(votesCsvSha256);
  });

  it('votes.csv recounts to the ranking, with each shop named', async () => {
    const body = (await visitor.get(votesCsvUrl())).body;
    const rows = parse<Record<string, string>>(body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(VOTES_CSV_COLUMNS);
    const recount: Record<string, number> = {};
    for (const row of rows) recount[row.shop_id!] = (recount[row.shop_id!] ?? 0) + 1;
    const { ranking } = (await visitor.get(resultsUrl())).json<Results>();
    expect(recount).toEqual(
      Object.fromEntries(
        ranking.filter((row) => row.votes > 0).map((row) => [String(row.businessId), row.votes]),
      ),
    );
    const names = new Set(rows.map((row) => `${row.shop_id}:${row.shop}`));
    expect(names).toEqual(
      new Set([
        `${shops[0]!.id}:Alpha`,
        `${shops[1]!.id}:Beta, "the small"`,
        `${shops[2]!.id}:Gamma`,
      ]),
    );
  });

  it("name the shops in the request's language beside the published ranking, which keeps its words (docs/decisions/0050)", async () => {
    const csvBefore = (await visitor.get(votesCsvUrl())).rawPayload;
    await ctx.db
      .update(businesses)
      .set({ translations: { es: { name: 'Alfa' } } })
      .where(eq(businesses.id, shops[0]!.id));
    const readIn = async (acceptLanguage: string) => {
      const answer = await visitor.request({
        method: 'GET',
        url: resultsUrl(),
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers.vary).toMatch(/accept-language/i);
      return answer.json<Results>();
    };
    const spanish = await readIn('es-US,es;q=0.9');
    expect(spanish.shopNames).toEqual({ [String(shops[0]!.id)]: 'Alfa' });
    expect(spanish.ranking[0]?.name).toBe('Alpha');
    expect(spanish.versions[0]?.ranking[0]?.name).toBe('Alpha');
    expect((await readIn('en-US,en;q=0.9')).shopNames).toBeUndefined();
    expect((await visitor.get(votesCsvUrl())).rawPayload.equals(csvBefore)).toBe(true);
  });

  it('answer 404 for an unknown challenge and 400 for a bad id', async () => {
    for (const path of ['results', 'votes.csv']) {
      expect((await visitor.get(`/api/challenges/999999/${path}`)).json()).toEqual({
        message: 'Challenge not found',
      });
      const bad = await visitor.get(`/api/challenges/abc/${path}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

it('docs/RULES.md states the published method word for word', async () => {
  const words = (text: string) => text.replace(/\s+/g, ' ');
  const rules = words(await readFile(path.join(projectRoot, 'docs/RULES.md'), 'utf8'));
  for (const paragraph of RESULTS_METHOD.split('\n\n')) expect(rules).toContain(words(paragraph));
});
