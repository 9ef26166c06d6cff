import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteCounts } from '#shared/businesses.ts';
import { EventStreamReader } from '#tests/helpers/event-stream.ts';
import { markRedeemed, signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';
import type { Business } from '../../db/schema.ts';
import { insertRunningBattle } from '#tests/helpers/battle.ts';

/** Long enough that a burst of votes on a loaded machine fits in one interval. */
const INTERVAL_MS = 3_000;

describe('GET /api/votes/stream', () => {
  let ctx: TestContext;
  let url: string;
  let shops: Business[];
  const streams: EventStreamReader<VoteCounts>[] = [];
  const openStream = async () => {
    const stream = await EventStreamReader.open<VoteCounts>(`${url}/api/votes/stream`);
    streams.push(stream);
    return stream;
  };
  /** A member who redeemed a coupon at each shop, so has that many votes to cast. */
  const voter = async () => {
    const member = await signedInPassHolder(ctx, shops[0]!.challengeId);
    await markRedeemed(
      ctx,
      member.pass,
      shops.map((shop) => shop.id),
    );
    return member;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ liveCountsIntervalMs: INTERVAL_MS });
    ({ shops } = await insertRunningBattle(ctx.db, ctx.clock.now(), {
      challenge: { votesPerShop: null },
    }));
    // Event streams want a real socket: the address fastify answers is the one it listens on.
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx.close();
  });

  it('answers with the current counts at once, as an event stream nothing buffers', async () => {
    const member = await voter();
    expect((await member.client.post('/api/vote', { businessId: shops[1]!.id })).statusCode).toBe(
      200,
    );
    const stream = await openStream();
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.waitForMessages(1);
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/votes' })).json<VoteCounts>();
    expect(stream.messages[0]!.data).toEqual(current);
    expect(current[String(shops[1]!.id)]).toBeGreaterThanOrEqual(1);
    expect(stream.otherLines).toContain(`retry: 3000`);
  });

  it('sends the new count after a vote', async () => {
    const stream = await openStream();
    await stream.waitForMessages(1);
    const before = stream.latest![String(shops[0]!.id)]!;
    const member = await voter();
    expect((await member.client.post('/api/vote', { businessId: shops[0]!.id })).statusCode).toBe(
      200,
    );
    await stream.waitFor((counts) => counts[String(shops[0]!.id)] === before + 1);
  });

  it('folds a burst of votes into one message per interval, read once for every stream', async () => {
    const [first, second] = [await openStream(), await openStream()];
    await Promise.all([first.waitForMessages(1), second.waitForMessages(1)]);
    const members = await Promise.all(Array.from({ length: 8 }, voter));
    const shopKey = String(shops[0]!.id);
    const before = first.latest![shopKey]!;

    // One vote starts an interval; the burst that follows falls inside it.
    await members[0]!.client.post('/api/vote', { businessId: shops[0]!.id });
    await first.waitFor((counts) => counts[shopKey] === before + 1);
    const messagesBefore = first.messages.length;
    const burstStart = performance.now();
    const votes = await Promise.all(
      members
        .slice(1)
        .map((member) => member.client.post('/api/vote', { businessId: shops[0]!.id })),
    );
    const burstMs = performance.now() - burstStart;
    expect(votes.map((vote) => vote.statusCode)).toEqual(votes.map(() => 200));
    await first.waitFor((counts) => counts[shopKey] === before + 8);
    await second.waitFor((counts) => counts[shopKey] === before + 8);

    const burstMessages = first.messages.length - messagesBefore;
    // One message when the burst fit in one interval (as it does unless the machine crawls).
    expect(burstMessages).toBeLessThanOrEqual(1 + Math.floor(burstMs / INTERVAL_MS));
    expect(burstMessages).toBeLessThan(7);
    // Every stream got the same messages: one read served them all.
    expect(second.messages.slice(-burstMessages).map((message) => message.data)).toEqual(
      first.messages.slice(-burstMessages).map((message) => message.data),
    );
  });

  it('ends open streams when the server closes', async () => {
    const stream = await openStream();
    await stream.waitForMessages(1);
    await ctx.app.close();
    await stream.done;
    expect(stream.failure).toBeUndefined();
  });
});

describe('limits on open streams and on slow requests', () => {
  let ctx: TestContext;
  let url: string;
  const streams: EventStreamReader<VoteCounts>[] = [];
  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** Opens a stream as a visitor at `address` (this host is a trusted proxy, docs/DEPLOY.md). */
  const openStream = async (address: string) => {
    const stream = await EventStreamReader.open<VoteCounts>(
      `${url}/api/votes/stream`,
      from(address),
    );
    streams.push(stream);
    await stream.waitForMessages(1);
    return stream;
  };
  /** The answer to one more stream at `address`; one that opens is closed again at once. */
  const refusal = async (address: string) => {
    const response = await fetch(`${url}/api/votes/stream`, { headers: from(address) });
    if (response.ok) {
      await response.body?.cancel();
      return { status: response.status };
    }
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { message: string },
    };
  };

  let shop: Business;

  beforeAll(async () => {
    ctx = await createTestContext({
      streamsPerAddress: 2,
      streamsPerInstance: 3,
      requestTimeoutMs: 500,
    });
    shop = (await insertRunningBattle(ctx.db, ctx.clock.now(), { shops: 1 })).shops[0]!;
    // Event streams want a real socket: the address fastify answers is the one it listens on.
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx.close();
  });

  it('refuses a stream beyond the cap per address with 429, and beyond the cap per instance with 503, both with Retry-After', async () => {
    const first = await openStream('198.51.100.1');
    await openStream('198.51.100.1');
    expect(await refusal('198.51.100.1')).toEqual({
      status: 429,
      retryAfter: '60',
      body: { message: 'Too many live updates open from your network. Please try again later.' },
    });

    // Another address has its own share, up to what the instance holds in all.
    const third = await openStream('198.51.100.2');
    expect(await refusal('198.51.100.3')).toEqual({
      status: 503,
      retryAfter: '60',
      body: { message: 'Too many live updates open on this server. Please try again later.' },
    });

    // A closed stream gives its place back.
    first.close();
    third.close();
    await expect.poll(async () => (await refusal('198.51.100.1')).status).toBe(200);
  });

  it('drops a request whose body stops half-way, and keeps streams open longer than that', async () => {
    const stream = await openStream('198.51.100.9');
    const stalled = await new Promise<{ status: number | undefined; closed: boolean }>(
      (resolve) => {
        const request = httpRequest(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '1000' },
        });
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, closed: true }));
        });
        request.on('error', () => resolve({ status: undefined, closed: true }));
        request.write('{"username":"half-way');
      },
    );
    expect(stalled).toEqual({ status: 408, closed: true });

    // The stream, open since before the stalled request, outlived its limit and follows votes.
    const member = await signedInPassHolder(ctx, shop.challengeId);
    await markRedeemed(ctx, member.pass, [shop.id]);
    expect((await member.client.post('/api/vote', { businessId: shop.id })).statusCode).toBe(200);
    await stream.waitFor((counts) => counts[String(shop.id)] === 1);
    expect(stream.failure).toBeUndefined();
  });
});
