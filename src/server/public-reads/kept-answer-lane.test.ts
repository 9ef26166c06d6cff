import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
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
