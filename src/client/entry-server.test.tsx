import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRunningBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import {
  createTestContext,
  signedInMember,
  type TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { render } from './entry-server.tsx';
import { SOURCE_PAGE } from './i18n/language.tsx';

/**
 * The server's render of /profile (src/client/entry-server.tsx) with the member's answers from the
 * API's own routes, as src/server/pages/server-render.ts asks them: read ahead of the first
 * drawing (src/client/app/routes/profile-reads.ts), the page is drawn twice, not once per step of
 * its answers, and carries only the answers it asked for.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertRunningBattle(ctx.db, ctx.clock.now(), {
    shops: [{ name: 'First Pour' }, { name: 'Crema & Co' }],
  });
});

afterAll(() => ctx.close());

const transportOf =
  (client: TestClient) =>
  async (apiPath: string, init: RequestInit): Promise<Response> => {
    const answer = await ctx.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: apiPath,
      headers: { cookie: client.cookie ?? '', 'accept-language': 'en' },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': 'application/json' },
    });
  };

const profileOf = (client: TestClient) =>
  render('/profile', transportOf(client), ctx.clock.now().getTime(), {
    drawnFor: 'member',
    language: SOURCE_PAGE,
  });

const keysOf = (page: NonNullable<Awaited<ReturnType<typeof render>>>) =>
  page.state.queries.map((query) => query.queryKey.join('/')).sort();

describe('/profile drawn on the server', () => {
  it("draws a pass holder's page twice, with their coupons' shops, the pass, progress and milestones", async () => {
    const challengeId = (await ctx.db.query.challenges.findFirst())!.id;
    const holder = await signedInPassHolder(ctx, challengeId);
    const page = await profileOf(holder.client);
    expect(page?.complete).toBe(true);
    expect(page?.renders).toBe(2);
    expect(page?.html).toContain('First Pour');
    expect(page?.html).toContain('Crema &amp; Co');
    expect(keysOf(page!)).toEqual(
      expect.arrayContaining([
        'member/progress',
        `member/pass/${String(holder.user.id)}`,
        'businesses',
        `milestones/${String(challengeId)}`,
      ]),
    );
  });

  it('sends a member without a pass none of the pass’s answers it read ahead', async () => {
    const { client, user } = await signedInMember(ctx.app);
    const page = await profileOf(client);
    expect(page?.renders).toBe(2);
    // The shops and the milestones were read ahead too: the page without a pass shows neither.
    expect(keysOf(page!)).toEqual([
      'auth/user',
      'challenge/active',
      'member/claims',
      'member/explorer',
      'member/mail-preferences',
      `member/pass/${String(user.id)}`,
      'site-config',
    ]);
  });
});
