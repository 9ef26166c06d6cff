import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_IMPORT_TEMPLATE } from '#shared/shop-import.ts';
import type { ShopImportResult } from '#shared/shop-import.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import {
  EXISTING_SHOP,
  FLAWED_IMPORT_CSV,
  FLAWED_IMPORT_ERRORS,
  IMPORT_HEADER,
} from '#tests/helpers/shop-import.ts';
import { signedInAdmin, type TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { businesses, type Challenge } from '../db/schema.ts';

/** docs/decisions/0024-imports-that-explain.md: per-column messages, the new columns, importing the ready rows alone. */
const ctx = useTestApp();
let admin: TestClient;
let challenge: Challenge;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  ({ challenge } = await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: [EXISTING_SHOP] }));
});

const importCsv = (csv: string, options: { commit: boolean; validOnly?: boolean }) =>
  admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, { csv, ...options });

const shopsOf = () =>
  ctx.db.select().from(businesses).where(eq(businesses.challengeId, challenge.id));

describe('shop import: messages, new columns and the ready rows alone', () => {
  it('gives one message per column, names a dropped leading zero, and writes nothing all-or-nothing', async () => {
    const before = (await shopsOf()).length;
    for (const commit of [false, true]) {
      const answer = await importCsv(FLAWED_IMPORT_CSV, { commit });
      expect(answer.statusCode, answer.body).toBe(200);
      const result = answer.json<ShopImportResult>();
      expect(result.imported).toBe(0);
      expect(result.skipped).toEqual([]);
      expect(result.rows.map((row) => [row.line, row.errors])).toEqual(FLAWED_IMPORT_ERRORS);
    }
    expect((await shopsOf()).length).toBe(before);
  });

  it('with validOnly imports the ready rows with hours, rotation, cap and place, and says which were left out and why', async () => {
    const answer = await importCsv(FLAWED_IMPORT_CSV, { commit: true, validOnly: true });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<ShopImportResult>();
    expect(result.imported).toBe(2);
    expect(
      result.skipped.map((row) => [row.line, row.errors.map((error) => error.column)]),
    ).toEqual([
      [3, ['name', 'code', 'hours', 'codeRotation', 'dailyCap', 'latitude']],
      [4, ['code']],
      [5, ['code']],
    ]);
    const shops = await shopsOf();
    const bean = shops.find((shop) => shop.name === 'Bean There')!;
    expect(bean).toMatchObject({
      redemptionCode: '0123',
      hours: '{"Monday - Friday":"7:00am - 3:00pm"}',
      codeRotation: 'daily',
      dailyCap: 40,
      latitude: 34.7304,
      longitude: -86.5861,
    });
    const plain = shops.find((shop) => shop.name === 'Plain Pour')!;
    expect(plain).toMatchObject({ codeRotation: 'hourly', dailyCap: null, hours: null });
    expect(plain.redemptionCode).toMatch(/^\d{4}$/);
    // In the file's order, one after the other after the shops already there.
    expect(plain.position).toBe(bean.position + 1);
    expect(shops.filter((shop) => shop.name === 'Copy Cup')).toEqual([]);
  });

  it('with validOnly and no ready row imports nothing', async () => {
    const before = (await shopsOf()).length;
    const answer = await importCsv(`${IMPORT_HEADER}\nNo Desc,1 Main St,,,,,,,`, {
      commit: true,
      validOnly: true,
    });
    expect(answer.json<ShopImportResult>()).toMatchObject({
      imported: 0,
      skipped: [{ line: 2, errors: [{ column: 'description' }] }],
    });
    expect((await shopsOf()).length).toBe(before);
  });

  it('reads the template the dialog offers', async () => {
    const result = (
      await importCsv(SHOP_IMPORT_TEMPLATE, { commit: false })
    ).json<ShopImportResult>();
    expect(result.rows).toEqual([
      {
        line: 2,
        name: 'Bean There',
        address: '12 Main St',
        redemptionCode: '0123',
        errors: [
          { column: 'code', message: 'Redemption code 0123 is already used by Bean There.' },
        ],
      },
    ]);
  });

  it("takes hours in the picker's words or as JSON, stores them as the picker saves them, and names the row it cannot read", async () => {
    const csv = [
      'name,address,description,hours',
      'Worded Brew,1 Elm St,Coffee,Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun Closed',
      'Comma Cup,2 Elm St,Coffee,"Mon-Fri 6:30am-8:00pm, Sat 7:00am-8:00pm"',
      'Json Java,3 Elm St,Coffee,"{""Monday - Friday"": ""7:00am - 3:00pm""}"',
      'Vague Bean,4 Elm St,Coffee,Mon-Fri 9 till late',
    ].join('\n');
    const preview = (await importCsv(csv, { commit: false })).json<ShopImportResult>();
    expect(preview.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, []],
      [3, []],
      [4, []],
      [
        5,
        [
          {
            column: 'hours',
            message:
              'Line 5: the hours "Mon-Fri 9 till late" cannot be read. Write them as the shop dialog shows them, e.g. Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun Closed',
          },
        ],
      ],
    ]);
    const answer = await importCsv(csv, { commit: true, validOnly: true });
    expect(answer.json<ShopImportResult>()).toMatchObject({ imported: 3 });
    const hoursOf = async (name: string) =>
      (await shopsOf()).find((shop) => shop.name === name)?.hours;
    const pickerSaves = JSON.stringify({
      'Monday - Friday': '6:30am - 8:00pm',
      Saturday: '7:00am - 8:00pm',
      Sunday: 'Closed',
    });
    expect(await hoursOf('Worded Brew')).toBe(pickerSaves);
    expect(await hoursOf('Comma Cup')).toBe(pickerSaves);
    expect(await hoursOf('Json Java')).toBe('{"Monday - Friday":"7:00am - 3:00pm"}');
    expect(await hoursOf('Vague Bean')).toBeUndefined();
  });

  it('refuses a file with a short row, changing nothing', async () => {
    const before = (await shopsOf()).length;
    const answer = await importCsv('name,address,description\nA,B\nC,D,E', {
      commit: true,
      validOnly: true,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'The CSV file could not be read: line 2 has 2 fields but the header has 3.',
    });
    expect((await shopsOf()).length).toBe(before);
  });

  it('takes name_xx and description_xx columns as the shop in another language, and names a wrong one', async () => {
    const csv = [
      'name,Name_ES,address,description,description_es',
      'Casa Azul,Casa Azul (centro),3 Lengua Ave,Tacos and coffee,Tacos y café',
      'Solo English,,4 Lengua Ave,Only English,',
      `Too Long,${'x'.repeat(201)},5 Lengua Ave,Long Spanish name,`,
    ].join('\n');
    const preview = (await importCsv(csv, { commit: false })).json<ShopImportResult>();
    expect(preview.rows.map((row) => row.errors)).toEqual([
      [],
      [],
      [{ column: 'name', message: 'Business name is too long' }],
    ]);
    const answer = await importCsv(csv, { commit: true, validOnly: true });
    expect(answer.json<ShopImportResult>().imported).toBe(2);
    const imported = (await shopsOf()).filter((shop) => shop.address.endsWith('Lengua Ave'));
    expect(imported.map(({ name, translations }) => ({ name, translations }))).toEqual([
      {
        name: 'Casa Azul',
        translations: { es: { name: 'Casa Azul (centro)', description: 'Tacos y café' } },
      },
      { name: 'Solo English', translations: {} },
    ]);

    // A language the site does not speak is refused, as on the shop form.
    const french = await importCsv(
      'name,name_fr,address,description\nLe Café,Le Café,6 Lengua Ave,Café',
      {
        commit: true,
      },
    );
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual({ message: "Choose one of this site's languages: en, es" });
    // An unknown column names the translated ones too.
    expect(
      (await importCsv('name,address,description,nickname\nA,B,C,D', { commit: false })).json(),
    ).toEqual({
      message:
        'Unknown column "nickname". The columns are: name, address, phone, website, description, code, hours, codeRotation, dailyCap, latitude, longitude, and name_xx, description_xx for another language (e.g. name_es).',
    });
  });
});
