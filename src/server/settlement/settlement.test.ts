import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardPage } from '#shared/admin.ts';
import type { Settlement } from '#shared/settlement.ts';
import type { ShopImportResult } from '#shared/shop-import.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import type { Business, Challenge } from '#server/db/schema.ts';
import { VOTES_CSV_COLUMNS } from '#tests/helpers/votes-file.ts';

const ctx = useTestApp();
let admin: TestClient;
let challenge: Challenge;
let shops: Business[];
let holders: Awaited<ReturnType<typeof signedInPassHolder>>[];

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  ({ challenge, shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
    challenge: { votesPerShop: null, title: 'Settle, "Battle"' },
    shops: ['Alpha', '=cmd|calc', 'Gamma'].map((name) => ({ name })),
  }));
  // Three members redeem and vote; the last is then refunded, and one shop deleted.
  holders = [];
  for (let index = 0; index < 3; index += 1)
    holders.push(await signedInPassHolder(ctx, challenge.id));
  // Member i redeems the first 3 - i shops and votes with every vote it earned.
  for (const [index, holder] of holders.entries()) {
    for (const shop of shops.slice(0, 3 - index)) {
      const coupon = await couponOf(ctx, holder.pass, shop.id);
      // Members 0 and 2 say it is their first time at each shop, member 1 that it is not. Member
      // 1 typed Alpha's code offline (docs/decisions/0042), a moment after buying the pass.
      const typedOffline = index === 1 && shop === shops[0];
      const answer = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
        redemptionCode: shop.redemptionCode,
        firstVisit: index !== 1,
        ...(typedOffline
          ? {
              enteredAt: new Date(holder.pass.purchaseDate.getTime() + 1).toISOString(),
              nonce: `settlement-${holder.pass.id}`,
            }
          : {}),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    for (const shop of [shops[0]!, shops[0]!, shops[1]!].slice(index)) {
      expect((await holder.client.post('/api/vote', { businessId: shop.id })).statusCode).toBe(200);
    }
  }
  const { setPassCounted } = await import('#server/passes/switch.ts');
  await setPassCounted(
    ctx.db,
    holders[2]!.pass.id,
    { counted: false, reason: 'refunded' },
    { now: ctx.clock.now() },
  );
  expect((await admin.delete(`/api/admin/businesses/${shops[2]!.id}`)).statusCode).toBe(204);
});

const csvOf = (body: string) => parse<Record<string, string>>(body, { columns: true });

describe('settlement', () => {
  it('owes $5 per redeemed coupon to every shop, removed ones included, with totals', async () => {
    const answer = await admin.get(`/api/admin/challenges/${challenge.id}/settlement`);
    expect(answer.statusCode).toBe(200);
    const settlement = answer.json<Settlement>();
    expect(settlement.shops.map(({ shopId: _id, ...row }) => row)).toEqual([
      {
        name: 'Alpha',
        removed: false,
        couponsRedeemed: 3,
        firstVisits: 2,
        offlineRedeemed: 1,
        freePassCoupons: 0,
        earnedDollars: 15,
        paidDollars: 0,
        owedDollars: 15,
        votes: 3,
      },
      {
        name: '=cmd|calc',
        removed: false,
        couponsRedeemed: 2,
        firstVisits: 1,
        offlineRedeemed: 0,
        freePassCoupons: 0,
        earnedDollars: 10,
        paidDollars: 0,
        owedDollars: 10,
        votes: 2,
      },
      {
        name: 'Gamma',
        removed: true,
        couponsRedeemed: 1,
        firstVisits: 1,
        offlineRedeemed: 0,
        freePassCoupons: 0,
        earnedDollars: 5,
        paidDollars: 0,
        owedDollars: 5,
        votes: 0,
      },
    ]);
    expect(settlement.totals).toEqual({
      couponsRedeemed: 6,
      firstVisits: 4,
      offlineRedeemed: 1,
      freePassCoupons: 0,
      earnedDollars: 30,
      paidDollars: 0,
      owedDollars: 30,
      votes: 5,
    });
    expect(settlement.generatedAt).toBe(ctx.clock.now().toISOString());
  });

  it('downloads as RFC 4180 CSV whose totals row adds up, with formulas defused', async () => {
    const answer = await admin.get(`/api/admin/challenges/${challenge.id}/settlement.csv`);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="settlement-challenge-${challenge.id}.csv"`,
    );
    expect(answer.body).toContain('\r\n');
    const rows = csvOf(answer.body);
    const total = rows.at(-1)!;
    const shopRows = rows.slice(0, -1);
    expect(Object.keys(total)).toEqual([
      'shop_id',
      'shop',
      'removed',
      'coupons_redeemed',
      'first_visits',
      'offline_redeemed',
      'free_pass_coupons',
      'earned_usd',
      'paid_usd',
      'owed_usd',
      'votes',
      'generated_at',
    ]);
    expect(total).toMatchObject({
      shop_id: 'TOTAL',
      coupons_redeemed: '6',
      first_visits: '4',
      offline_redeemed: '1',
      free_pass_coupons: '0',
      earned_usd: '30',
      paid_usd: '0',
      owed_usd: '30',
      votes: '5',
    });
    expect(shopRows.reduce((sum, row) => sum + Number(row.coupons_redeemed), 0)).toBe(6);
    expect(
      shopRows.every((row) => Number(row.earned_usd) === Number(row.coupons_redeemed) * 5),
    ).toBe(true);
    // Every row says when the figures were read.
    expect(new Set(rows.map((row) => row.generated_at))).toEqual(
      new Set([ctx.clock.now().toISOString()]),
    );
    expect(shopRows.map((row) => row.shop)).toEqual(['Alpha', "'=cmd|calc", 'Gamma']);
    expect(shopRows.map((row) => row.removed)).toEqual(['no', 'no', 'yes']);
  });

  it('exports one row per counted vote: a recount gives the leaderboard exactly', async () => {
    const answer = await admin.get(`/api/admin/challenges/${challenge.id}/votes.csv`);
    expect(answer.statusCode).toBe(200);
    const rows = csvOf(answer.body);
    expect(Object.keys(rows[0]!)).toEqual(VOTES_CSV_COLUMNS);
    const recount: Record<string, number> = {};
    for (const row of rows) recount[row.shop_id!] = (recount[row.shop_id!] ?? 0) + 1;
    const page = (
      await admin.get(`/api/admin/leaderboard?challengeId=${challenge.id}`)
    ).json<LeaderboardPage>();
    const standings = Object.fromEntries(
      page
        .leaderboard!.standings.filter((row) => row.votes > 0)
        .map((row) => [String(row.businessId), row.votes]),
    );
    expect(recount).toEqual(standings);
    // Two members' passes under pseudonyms: stable per pass, never the pass number.
    const pseudonyms = new Set(rows.map((row) => row.pass));
    expect(pseudonyms.size).toBe(2);
    for (const pseudonym of pseudonyms) expect(pseudonym).toMatch(/^[0-9a-f]{16}$/);
    expect(rows.every((row) => !Number.isNaN(Date.parse(row.voted_at!)))).toBe(true);
    expect(new Set(rows.map((row) => row.pass_kind))).toEqual(new Set(['paid']));
    // Names as the settlement writes them: quoted by the CSV rules, formulas defused.
    const names = Object.fromEntries(rows.map((row) => [row.shop_id, row.shop]));
    expect(names).toEqual({ [shops[0]!.id]: 'Alpha', [shops[1]!.id]: "'=cmd|calc" });
  });

  it('is for organizers only, and an unknown challenge is a 404', async () => {
    const member = await signedInMember(ctx.app);
    for (const path of ['settlement', 'settlement.csv', 'votes.csv']) {
      const url = `/api/admin/challenges/${challenge.id}/${path}`;
      expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
      expect((await member.client.get(url)).statusCode).toBe(403);
      expect((await admin.get(`/api/admin/challenges/999999/${path}`)).json()).toEqual({
        message: 'Challenge not found',
      });
    }
  });
});

describe('shop import', () => {
  const importCsv = (csv: string, commit: boolean, challengeId = challenge.id) =>
    admin.post(`/api/admin/challenges/${challengeId}/businesses/import`, { csv, commit });

  it('previews every row with its errors and imports nothing while any row has one', async () => {
    const csv = [
      'name,address,phone,website,description,code',
      'Delta,4 Main St,555-0100,delta.example.com,"Espresso, and more",8001',
      ',5 Main St,,,No name here,8002',
      `Epsilon,6 Main St,,,Clash,${shops[0]!.redemptionCode}`,
      'Zeta,7 Main St,,ftp://zeta.example.com,Bad site,8001',
    ].join('\r\n');
    const before = (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`)).json<
      unknown[]
    >().length;
    for (const commit of [false, true]) {
      const answer = await importCsv(csv, commit);
      expect(answer.statusCode, answer.body).toBe(200);
      const result = answer.json<ShopImportResult>();
      expect(result.imported).toBe(0);
      expect(
        result.rows.map((row) => [row.line, row.errors.map((error) => error.message)]),
      ).toEqual([
        [2, []],
        [3, ['Business name is required']],
        [4, [`Redemption code ${shops[0]!.redemptionCode} is already used by Alpha.`]],
        [5, ['Website must be a valid web address', 'Redemption code 8001 is also on line 2.']],
      ]);
    }
    const after = (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`)).json<
      unknown[]
    >().length;
    expect(after).toBe(before);
  });

  it('imports every row in one go, giving sold passes their coupons', async () => {
    const csv =
      'Name,Address,Description,Code\nDelta,4 Main St,Espresso bar,8101\nEta,8 Main St,Roastery,\n';
    const preview = (await importCsv(csv, false)).json<ShopImportResult>();
    expect(preview).toMatchObject({ imported: 0, rows: [{ errors: [] }, { errors: [] }] });
    const result = (await importCsv(csv, true)).json<ShopImportResult>();
    expect(result.imported).toBe(2);
    const list = (await admin.get(`/api/admin/challenges/${challenge.id}/businesses`)).json<
      { id: number; name: string; redemptionCode: string }[]
    >();
    const delta = list.find((row) => row.name === 'Delta')!;
    expect(delta.redemptionCode).toBe('8101');
    expect(list.find((row) => row.name === 'Eta')!.redemptionCode).toMatch(/^[0-9]{4}$/);
    // A pass sold before the import has its coupon for the new shop.
    expect((await couponOf(ctx, holders[0]!.pass, delta.id)).redeemed).toBe(false);
  });

  it('says what is wrong with a file it cannot use', async () => {
    const cases: [string, string][] = [
      [
        'name,address,description,colour\nA,B,C,red',
        'Unknown column "colour". The columns are: name, address, phone, website, description, code, hours, codeRotation, dailyCap, latitude, longitude, and name_xx, description_xx for another language (e.g. name_es).',
      ],
      ['name,address\nA,B', 'The CSV file needs the columns description.'],
      [
        'name,address,description',
        'The CSV file has no shops: a header line and one line per shop.',
      ],
      ['name,address,description\n"A,B,C', 'The CSV file could not be read: '],
    ];
    for (const [csv, message] of cases) {
      const answer = await importCsv(csv, true);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message.startsWith(message), answer.body).toBe(
        true,
      );
    }
    expect((await importCsv('name,address,description\nA,B,C', false, 999999)).statusCode).toBe(
      404,
    );
    const member = await signedInMember(ctx.app);
    const memberAnswer = await member.client.post(
      `/api/admin/challenges/${challenge.id}/businesses/import`,
      {
        csv: 'name,address,description\nA,B,C',
        commit: true,
      },
    );
    expect(memberAnswer.statusCode).toBe(403);
  });
});
