import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COORDINATES_PAIR_MESSAGE,
  LATITUDE_MESSAGE,
  LONGITUDE_MESSAGE,
} from '#shared/businesses.ts';
import type { ShopImportResult } from '#shared/shop-import.ts';
import { businesses } from '../db/schema.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInAdmin, TestClient, useTestApp, withTestApp } from '#tests/helpers/test-app.ts';
import type { Challenge } from '../db/schema.ts';

/** docs/decisions/0023-map.md: a shop's place on the map, as organizers set it and everyone reads it. */
const ctx = useTestApp();
let admin: TestClient;
let challenge: Challenge;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  // The active challenge, so the public shop list reads its shops.
  challenge = await insertChallenge(ctx.db, ctx.clock.now());
});

interface Placed {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

const shopBody = (overrides: Record<string, unknown> = {}) => ({
  challengeId: challenge.id,
  name: 'Mapped Mug',
  description: 'Coffee on the map',
  address: '100 Main St',
  ...overrides,
});

async function placeOf(id: number) {
  const [row] = await ctx.db
    .select({ latitude: businesses.latitude, longitude: businesses.longitude })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row;
}

describe('shop coordinates: create and patch', () => {
  it('stores a place given on create and shows it in the admin list and the public shop JSON', async () => {
    const created = await admin.post(
      '/api/admin/businesses',
      shopBody({ latitude: 34.7304, longitude: -86.5861 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const shop = created.json<Placed>();
    expect(shop).toMatchObject({ latitude: 34.7304, longitude: -86.5861 });

    const adminList = await admin.get(`/api/admin/challenges/${challenge.id}/businesses`);
    expect(adminList.json<Placed[]>().find((row) => row.id === shop.id)).toMatchObject({
      latitude: 34.7304,
      longitude: -86.5861,
    });
    const anonymous = new TestClient(ctx.app);
    const list = (await anonymous.get('/api/businesses')).json<Placed[]>();
    expect(list.find((row) => row.id === shop.id)).toMatchObject({
      latitude: 34.7304,
      longitude: -86.5861,
    });
    expect((await anonymous.get(`/api/businesses/${shop.id}`)).json()).toMatchObject({
      latitude: 34.7304,
      longitude: -86.5861,
    });
  });

  it('leaves a shop created without a place off the map: both null', async () => {
    const created = await admin.post('/api/admin/businesses', shopBody());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ latitude: null, longitude: null });
    const unplaced = await admin.post(
      '/api/admin/businesses',
      shopBody({ latitude: null, longitude: null }),
    );
    expect(unplaced.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([
    [{ latitude: 90.0001, longitude: 0 }, LATITUDE_MESSAGE],
    [{ latitude: -91, longitude: 0 }, LATITUDE_MESSAGE],
    [{ latitude: 0, longitude: 180.5 }, LONGITUDE_MESSAGE],
    [{ latitude: 0, longitude: -181 }, LONGITUDE_MESSAGE],
    [{ latitude: '34.7', longitude: -86.5 }, LATITUDE_MESSAGE],
    [{ latitude: 34.7 }, COORDINATES_PAIR_MESSAGE],
    [{ longitude: -86.5 }, COORDINATES_PAIR_MESSAGE],
    [{ latitude: 34.7, longitude: null }, COORDINATES_PAIR_MESSAGE],
  ])(
    'refuses %j on create with 400 and a clear message, creating nothing',
    async (place, message) => {
      const before = await ctx.db.$count(businesses);
      const answer = await admin.post('/api/admin/businesses', shopBody(place));
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(message);
      expect(await ctx.db.$count(businesses)).toBe(before);
    },
  );

  it('moves, keeps and clears a place on patch; half a place or one out of range changes nothing', async () => {
    const shop = await insertBusiness(ctx.db, challenge.id, { latitude: 34.7, longitude: -86.6 });
    const patch = (body: Record<string, unknown>) =>
      admin.patch(`/api/admin/businesses/${shop.id}`, body);

    const moved = await patch({ latitude: -33.8688, longitude: 151.2093 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ latitude: -33.8688, longitude: 151.2093 });
    // Other fields leave the place where it is.
    expect((await patch({ name: 'Renamed Mug' })).json()).toMatchObject({
      name: 'Renamed Mug',
      latitude: -33.8688,
      longitude: 151.2093,
    });

    for (const [body, message] of [
      [{ latitude: 10 }, COORDINATES_PAIR_MESSAGE],
      [{ longitude: 10 }, COORDINATES_PAIR_MESSAGE],
      [{ latitude: null }, COORDINATES_PAIR_MESSAGE],
      [{ latitude: 10, longitude: null }, COORDINATES_PAIR_MESSAGE],
      [{ latitude: 95, longitude: 10 }, LATITUDE_MESSAGE],
      [{ latitude: 10, longitude: 200 }, LONGITUDE_MESSAGE],
    ] as const) {
      const refused = await patch({ ...body, name: 'Should Not Stick' });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    const [unchanged] = await ctx.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(unchanged).toMatchObject({
      name: 'Renamed Mug',
      latitude: -33.8688,
      longitude: 151.2093,
    });

    const cleared = await patch({ latitude: null, longitude: null });
    expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
    expect(await placeOf(shop.id)).toEqual({ latitude: null, longitude: null });
  });

  it('the database itself refuses half a place or one out of range', async () => {
    await expect(
      insertBusiness(ctx.db, challenge.id, { latitude: 10, longitude: null }),
    ).rejects.toThrow();
    await expect(
      insertBusiness(ctx.db, challenge.id, { latitude: 10, longitude: 190 }),
    ).rejects.toThrow();
  });
});

describe('shop coordinates: CSV import', () => {
  const importCsv = (csv: string, commit: boolean) =>
    admin.post(`/api/admin/challenges/${challenge.id}/businesses/import`, { csv, commit });

  it('reads latitude and longitude columns; a row with half a place or a bad number imports nothing', async () => {
    const bad = [
      'name,address,description,latitude,longitude',
      'Placed Pour,1 Map St,Coffee,34.75,-86.6',
      'Unplaced Urn,2 Map St,Coffee,,',
      'Half Brew,3 Map St,Coffee,34.75,',
      'Word Brew,4 Map St,Coffee,north,-86.6',
      'Far Brew,5 Map St,Coffee,34.75,-186.6',
    ].join('\n');
    const before = await ctx.db.$count(businesses);
    const refused = (await importCsv(bad, true)).json<ShopImportResult>();
    expect(refused.imported).toBe(0);
    expect(refused.rows.map((row) => row.errors.map((error) => error.message))).toEqual([
      [],
      [],
      [COORDINATES_PAIR_MESSAGE],
      [LATITUDE_MESSAGE],
      [LONGITUDE_MESSAGE],
    ]);
    expect(await ctx.db.$count(businesses)).toBe(before);

    const good = bad.split('\n').slice(0, 3).join('\n');
    expect((await importCsv(good, true)).json<ShopImportResult>().imported).toBe(2);
    const list = (await new TestClient(ctx.app).get('/api/businesses')).json<
      (Placed & { name: string })[]
    >();
    expect(list.find((shop) => shop.name === 'Placed Pour')).toMatchObject({
      latitude: 34.75,
      longitude: -86.6,
    });
    expect(list.find((shop) => shop.name === 'Unplaced Urn')).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('map settings', () => {
  it('GET /api/config answers the standard OpenStreetMap tiles by default', async () => {
    expect((await new TestClient(ctx.app).get('/api/config')).json()).toMatchObject({
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
  });

  it("answers the operator's tiles and lets pages load images from their host, even over http", async () => {
    const map = {
      tileUrl: 'http://tiles.example.test:8080/{z}/{x}/{y}.png',
      attribution: 'Tiles © Example Maps',
    };
    await withTestApp({ map }, async (other) => {
      expect((await new TestClient(other.app).get('/api/config')).json()).toMatchObject({ map });
      const imageSources = async (app: typeof ctx.app) =>
        /img-src ([^;]*)/.exec(
          String((await app.inject('/')).headers['content-security-policy']),
        )?.[1];
      expect(await imageSources(other.app)).toContain('http://tiles.example.test:8080');
      expect(await imageSources(ctx.app)).not.toContain('tiles.example.test');
    });
  });
});
