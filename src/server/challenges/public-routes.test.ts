import { describe, expect, it } from 'vitest';
import { DAY_MS, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInAdmin, TestClient, useTestApp } from '#tests/helpers/test-app.ts';

const ctx = useTestApp();

describe('GET /api/challenges: the schedule of /battles', () => {
  it('lists every published challenge, earliest start first, never a draft, and follows a publish', async () => {
    const now = ctx.clock.now();
    const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
    const upcoming = await insertChallenge(ctx.db, now, {
      title: 'Tacos',
      theme: 'taco',
      startDate: at(40),
      endDate: at(70),
    });
    const ended = await insertChallenge(ctx.db, now, {
      title: 'Last year',
      startDate: at(-400),
      endDate: at(-370),
    });
    const running = await insertChallenge(ctx.db, now, { title: 'Coffee' });
    const draft = await insertChallenge(ctx.db, now, {
      title: 'Ice cream',
      theme: 'ice-cream',
      startDate: at(80),
      endDate: at(110),
      active: false,
    });
    const anonymous = new TestClient(ctx.app);

    const listed = await anonymous.get('/api/challenges');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-cache');
    expect(listed.json<{ id: number }[]>().map(({ id }) => id)).toEqual([
      ended.id,
      running.id,
      upcoming.id,
    ]);
    expect(listed.json()[2]).toMatchObject({
      title: 'Tacos',
      theme: 'taco',
      startDate: upcoming.startDate.toISOString(),
      endDate: upcoming.endDate.toISOString(),
    });

    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    expect(
      (await admin.patch(`/api/admin/challenges/${String(draft.id)}`, { active: true })).statusCode,
    ).toBe(200);
    expect(
      (await anonymous.get('/api/challenges')).json<{ id: number }[]>().map(({ id }) => id),
    ).toEqual([ended.id, running.id, upcoming.id, draft.id]);
  });
});
