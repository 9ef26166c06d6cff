import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { withTestApp } from '#tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';

const METRICS_TOKEN = 'lane-test-metrics';
const LANE_PATHS = [
  '/api/challenge/active',
  '/api/challenges',
  '/api/businesses',
  '/api/votes',
  '/api/config',
];

/** What a browser reads of an answer; the date and the connection's own headers aside. */
async function answerOf(response: Response) {
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  delete headers.connection;
  delete headers['keep-alive'];
  return { status: response.status, headers, body: await response.text() };
}

describe('the kept-answer lane', () => {
  it('sends what the route sends, once the answer is kept, and counts it', async () => {
    await withTestApp({ publicCacheTtlMs: 60_000, metricsToken: METRICS_TOKEN }, async (ctx) => {
      const challenge = await insertChallenge(ctx.db, ctx.clock.now());
      await insertBusiness(ctx.db, challenge.id, { name: 'Lane Roasters' });
      const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const lane = ctx.app.keptAnswerLane!;
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${origin}${path}`, { headers });

      for (const path of LANE_PATHS) {
        // A query string always goes on to Fastify, whose route ignores it: the reference.
        const viaRoute = await answerOf(await get(`${path}?via=route`));
        expect(viaRoute.status).toBe(200);
        const answeredBefore = lane.answered();
        const viaLane = await answerOf(await get(path));
        expect(lane.answered()).toBe(answeredBefore + 1);
        expect(viaLane).toEqual(viaRoute);

        const etag = viaRoute.headers.etag!;
        const notModifiedByRoute = await answerOf(
          await get(`${path}?via=route`, { 'if-none-match': etag }),
        );
        const notModifiedByLane = await answerOf(await get(path, { 'if-none-match': etag }));
        expect(notModifiedByRoute.status).toBe(304);
        expect(notModifiedByLane).toEqual(notModifiedByRoute);
        expect(lane.answered()).toBe(answeredBefore + 2);
        // A stale validator gets the full answer.
        expect(await answerOf(await get(path, { 'if-none-match': '"stale"' }))).toEqual(viaRoute);
      }

      // HEAD and other methods are Fastify's.
      const answered = lane.answered();
      expect((await fetch(`${origin}/api/businesses`, { method: 'HEAD' })).status).toBe(200);
      expect(lane.answered()).toBe(answered);

      // An organizer's change forgets the kept answer everywhere (the change feed's notice): the
      // next visitor's goes through the route, which reads the change, and the lane sends that.
      await insertBusiness(ctx.db, challenge.id, { name: 'Second Cup' });
      expect(await (await get('/api/businesses')).json()).toHaveLength(1);
      await ctx.changes.announcePublicChange();
      await vi.waitFor(async () => {
        expect(await (await get('/api/businesses')).json()).toHaveLength(2);
      });
      const afterChange = lane.answered();
      expect(await (await get('/api/businesses')).json()).toHaveLength(2);
      expect(lane.answered()).toBe(afterChange + 1);

      const metrics = await (
        await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })
      ).text();
      // Per path: the route's answer and the lane's, the lane's to a stale validator; both 304s.
      expect(metrics).toMatch(
        /lb_http_requests_total\{method="GET",route="\/api\/votes",status_code="200"\} 3/,
      );
      expect(metrics).toMatch(
        /lb_http_requests_total\{method="GET",route="\/api\/votes",status_code="304"\} 2/,
      );
    });
  });

  it("answers a member's unchanged poll from memory as the route would, and nothing else", async () => {
    await withTestApp({ memberAnswerTtlMs: 60_000 }, async (ctx) => {
      const challenge = await insertChallenge(ctx.db, ctx.clock.now());
      const shop = await insertBusiness(ctx.db, challenge.id, { name: 'Lane Roasters' });
      const holder = await signedInPassHolder(ctx, challenge.id);
      const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const lane = ctx.app.keptAnswerLane!;
      // As the member's browser holds them: the session and the signed-in hint.
      const cookie = `${holder.client.cookie!}; ${SIGNED_IN_HINT_COOKIE}=1`;
      const poll = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${origin}${path}`, { headers: { cookie, ...headers } });

      for (const path of ['/api/user/progress', '/api/user/pass']) {
        const first = await poll(path);
        expect(first.status).toBe(200);
        const etag = first.headers.get('etag')!;
        const answered = lane.answered();
        // A query string goes on to Fastify, whose route ignores it: the reference.
        const byRoute = await answerOf(await poll(`${path}?via=route`, { 'if-none-match': etag }));
        expect(byRoute.status).toBe(304);
        expect(lane.answered()).toBe(answered);
        const byLane = await answerOf(await poll(path, { 'if-none-match': etag }));
        expect(lane.answered()).toBe(answered + 1);
        expect(byLane).toEqual(byRoute);
        // A stale validator, or a browser without the hint the route would set, is Fastify's.
        expect((await poll(path, { 'if-none-match': '"stale"' })).status).toBe(200);
        const withoutHint = await fetch(`${origin}${path}`, {
          headers: { cookie: holder.client.cookie!, 'if-none-match': etag },
        });
        expect(withoutHint.status).toBe(304);
        expect(lane.answered()).toBe(answered + 1);
      }

      // The member's redeem moves the answer: the next poll reads it through the route.
      const before = (await poll('/api/user/progress')).headers.get('etag')!;
      await markRedeemed(ctx, holder.pass, [shop.id]);
      await vi.waitFor(async () => {
        const changed = await poll('/api/user/progress', { 'if-none-match': before });
        expect(changed.status).toBe(200);
      });

      // Signed out, the same cookie and validator get the route's 401, on every instance.
      const now = (await poll('/api/user/progress')).headers.get('etag')!;
      expect((await holder.client.post('/api/logout')).statusCode).toBe(200);
      const answered = lane.answered();
      await vi.waitFor(async () => {
        const signedOut = await fetch(`${origin}/api/user/progress`, {
          headers: { cookie, 'if-none-match': now },
        });
        expect(signedOut.status).toBe(401);
      });
      expect(lane.answered()).toBe(answered);
    });
  });

  it('stands aside while every request is logged', async () => {
    await withTestApp({}, async (ctx) => {
      const logged = await buildApp({
        db: ctx.db,
        config: { clientDir: '/nonexistent', publicCacheTtlMs: 60_000 },
        logger: { level: 'info', stream: new PassThrough() },
      });
      try {
        expect(logged.keptAnswerLane).toBeNull();
      } finally {
        await logged.close();
      }
      expect(ctx.app.keptAnswerLane).not.toBeNull();
    });
  });
});
