import { beforeAll, describe, expect, it } from 'vitest';
import { activeMark, challengeStatus } from '#shared/challenges.ts';
import { DAY_MS } from '#tests/helpers/fixtures.ts';
import { signedInAdmin, signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();
let admin: TestClient;
beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
});

const validBody = () => ({
  title: 'Spring Coffee',
  description: 'Thirty days of coffee',
  startDate: '2026-03-01T00:00:00.000Z',
  endDate: '2026-03-31T00:00:00.000Z',
  price: 20,
  theme: 'coffee',
});

describe('admin challenges API', () => {
  it('answers 401 signed out and 403 for members on every endpoint, before validating', async () => {
    const anonymous = new TestClient(ctx.app);
    const { client: member } = await signedInMember(ctx.app);
    for (const [client, status] of [
      [anonymous, 401],
      [member, 403],
    ] as const) {
      expect((await client.get('/api/admin/challenges')).statusCode).toBe(status);
      expect((await client.post('/api/admin/challenges', {})).statusCode).toBe(status);
      expect((await client.post('/api/admin/challenges', validBody())).statusCode).toBe(status);
      expect((await client.patch('/api/admin/challenges/1', { title: 'x' })).statusCode).toBe(
        status,
      );
    }
    expect((await admin.get('/api/admin/challenges')).json()).toEqual([]);
  });

  it('creates with the defaults (inactive, coffee, 1 vote per shop) and lists newest start first', async () => {
    const created = await admin.post('/api/admin/challenges', {
      ...validBody(),
      price: '25',
      theme: undefined,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.json()).toMatchObject({
      title: 'Spring Coffee',
      price: 25,
      active: false,
      theme: 'coffee',
      votesPerShop: 1,
      standingsFreezeHours: 0,
      startDate: '2026-03-01T00:00:00.000Z',
    });
    const later = await admin.post('/api/admin/challenges', {
      ...validBody(),
      title: 'Summer Tacos',
      theme: 'taco',
      startDate: '2026-06-01T00:00:00.000Z',
      endDate: '2026-06-30T00:00:00.000Z',
      active: true,
      votesPerShop: null,
      standingsFreezeHours: 48,
    });
    expect(later.json()).toMatchObject({
      active: true,
      theme: 'taco',
      votesPerShop: null,
      standingsFreezeHours: 48,
    });
    const titles = (await admin.get('/api/admin/challenges'))
      .json()
      .map((c: { title: string }) => c.title);
    expect(titles.slice(0, 2)).toEqual(['Summer Tacos', 'Spring Coffee']);
  });

  it.each([
    [{ startDate: undefined }, 'Start date is required'],
    [{ startDate: '' }, 'Start date is required'],
    [{ endDate: undefined }, 'End date is required'],
    [{ endDate: 'not a date' }, 'Enter a valid date'],
    [{ price: 'abc' }, 'Price must be a valid number'],
    [{ price: -1 }, 'Price cannot be negative'],
    [{ price: 2.5 }, 'Price must be a whole number of dollars'],
    [{ title: '  ' }, 'Title is required'],
    [{ description: undefined }, 'Description is required'],
    [{ votesPerShop: 0 }, 'Votes per shop must be a whole number of at least 1, or unlimited'],
    [{ votesPerShop: 1.5 }, 'Votes per shop must be a whole number of at least 1, or unlimited'],
    [{ endDate: '2026-02-01T00:00:00.000Z' }, 'End date must be after the start date'],
    [{ active: 'yes' }, 'Active must be true or false'],
    [{ standingsFreezeHours: -1 }, 'Standings freeze must be a whole number of hours, 0 or more'],
    [{ standingsFreezeHours: 1.5 }, 'Standings freeze must be a whole number of hours, 0 or more'],
  ])('refuses %o with %s and stores nothing', async (change, message) => {
    const before = (await admin.get('/api/admin/challenges')).json().length;
    const response = await admin.post('/api/admin/challenges', { ...validBody(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await admin.get('/api/admin/challenges')).json()).toHaveLength(before);
  });

  it('updates only the given fields, checks the dates against stored ones, 404s unknown ids', async () => {
    const { id } = (await admin.post('/api/admin/challenges', validBody())).json<{ id: number }>();
    const patched = await admin.patch(`/api/admin/challenges/${id}`, {
      title: 'Renamed',
      active: true,
      votesPerShop: 3,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Renamed',
      active: true,
      votesPerShop: 3,
      price: 20,
      theme: 'coffee',
    });

    const badEnd = await admin.patch(`/api/admin/challenges/${id}`, {
      endDate: '2026-02-27T00:00:00.000Z',
    });
    expect(badEnd.statusCode).toBe(400);
    expect(badEnd.json().message).toBe('End date must be after the start date');
    expect((await admin.patch(`/api/admin/challenges/${id}`, { price: 'x' })).statusCode).toBe(400);
    const unchanged = (await admin.get('/api/admin/challenges'))
      .json()
      .find((c: { id: number }) => c.id === id);
    expect(unchanged).toMatchObject({
      title: 'Renamed',
      endDate: '2026-03-31T00:00:00.000Z',
      price: 20,
    });

    expect(
      (await admin.patch(`/api/admin/challenges/${id}`, { votesPerShop: null })).json()
        .votesPerShop,
    ).toBeNull();
    const missing = await admin.patch('/api/admin/challenges/999999', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Challenge not found' });
    expect((await admin.patch('/api/admin/challenges/abc', { title: 'x' })).statusCode).toBe(400);
  });

  it('a patch that sets nothing ({}, unknown keys only) answers 200 with the challenge unchanged', async () => {
    const created = (await admin.post('/api/admin/challenges', validBody())).json<{ id: number }>();
    for (const body of [{}, { unknown: 'x', shops: [] }]) {
      const patched = await admin.patch(`/api/admin/challenges/${created.id}`, body);
      expect(patched.statusCode, JSON.stringify(body)).toBe(200);
      expect(patched.json()).toEqual(created);
    }
    const missing = await admin.patch('/api/admin/challenges/999999', {});
    expect(missing.statusCode).toBe(404);
  });

  it('an active challenge created through the API becomes the public one by rule 1', async () => {
    const now = ctx.clock.now();
    const running = await admin.post('/api/admin/challenges', {
      ...validBody(),
      title: 'Running now',
      startDate: new Date(now.getTime() - DAY_MS).toISOString(),
      endDate: new Date(now.getTime() + 29 * DAY_MS).toISOString(),
      active: true,
    });
    const publicOne = await new TestClient(ctx.app).get('/api/challenge/active');
    expect(publicOne.json()).toMatchObject({ id: running.json().id, title: 'Running now' });
    expect(publicOne.headers['cache-control']).toBe('no-cache');
  });
});

describe('challengeStatus (docs/SPEC.md section 4, docs/decisions/0036-one-word-per-thing.md)', () => {
  const now = new Date('2026-07-15T00:00:00Z');
  const dates = {
    upcoming: { startDate: '2026-08-01T00:00:00Z', endDate: '2026-09-01T00:00:00Z' },
    running: { startDate: '2026-07-01T00:00:00Z', endDate: '2026-08-01T00:00:00Z' },
    ended: { startDate: '2026-06-01T00:00:00Z', endDate: '2026-07-14T00:00:00Z' },
  };
  it('is Active only while published and running, Upcoming before, Ended after, else Inactive', () => {
    const status = (active: boolean, phase: keyof typeof dates) =>
      challengeStatus({ active, ...dates[phase] }, now);
    expect(status(true, 'running')).toBe('Active');
    expect(status(true, 'upcoming')).toBe('Upcoming');
    expect(status(true, 'ended')).toBe('Ended');
    expect(status(false, 'ended')).toBe('Ended');
    expect(status(false, 'running')).toBe('Inactive');
    expect(status(false, 'upcoming')).toBe('Inactive');
  });

  it("marks a picker's title ' (Active)' only while its status is Active", () => {
    expect(activeMark({ active: true, ...dates.running }, now)).toBe(' (Active)');
    expect(activeMark({ active: true, ...dates.upcoming }, now)).toBe('');
    expect(activeMark({ active: true, ...dates.ended }, now)).toBe('');
    expect(activeMark({ active: false, ...dates.running }, now)).toBe('');
  });
});
