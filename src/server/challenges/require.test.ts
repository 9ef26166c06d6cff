import { describe, expect, it } from 'vitest';
import { insertChallenge } from '#tests/helpers/fixtures.ts';
import { useTestApp } from '#tests/helpers/test-app.ts';
import { CHALLENGE_NOT_FOUND, requireChallenge, requirePublishedChallenge } from './require.ts';

/** The one lookup of a challenge by id: found, or 404 'Challenge not found' (a draft in public too). */

const ctx = useTestApp();

describe('requireChallenge', () => {
  it('finds a published challenge and a draft; an unknown id is 404', async () => {
    const published = await insertChallenge(ctx.db, ctx.clock.now());
    const draft = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    expect(await requireChallenge(ctx.db, published.id)).toEqual(published);
    expect(await requireChallenge(ctx.db, draft.id)).toEqual(draft);
    await expect(requireChallenge(ctx.db, 999_999)).rejects.toMatchObject({
      statusCode: 404,
      message: CHALLENGE_NOT_FOUND,
    });
  });

  it('locks the row inside a transaction when asked', async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const found = await ctx.db.transaction((tx) =>
      requireChallenge(tx, challenge.id, { lock: true }),
    );
    expect(found.id).toBe(challenge.id);
    await expect(
      ctx.db.transaction((tx) => requireChallenge(tx, 999_999, { lock: true })),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('requirePublishedChallenge', () => {
  it('answers a draft as it answers an unknown id', async () => {
    const published = await insertChallenge(ctx.db, ctx.clock.now());
    const draft = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    expect((await requirePublishedChallenge(ctx.db, published.id)).id).toBe(published.id);
    for (const id of [draft.id, 999_999])
      await expect(requirePublishedChallenge(ctx.db, id)).rejects.toMatchObject({
        statusCode: 404,
        message: CHALLENGE_NOT_FOUND,
      });
  });
});
