import { describe, expect, it } from 'vitest';
import { enqueueMail } from '../mail/outbox.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';
import { queriesDuring, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { couponOf, signedInPassHolder } from '#tests/helpers/pass-holders.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('is off: 404, even with a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('lb_http_requests_total');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const ctx = useTestApp({ metricsToken: TOKEN });

  const scrape = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  /** The value of one sample line, e.g. `lb_votes 3`. */
  const sample = (body: string, series: string) => {
    const line = body.split('\n').find((each) => each.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ message: 'A valid metrics token is required.' });
    }
  });

  it('counts requests by route pattern, never by URL', async () => {
    const shopToken = 'secret-shop-token-that-must-not-leak';
    await ctx.app.inject({ method: 'GET', url: `/shop/${shopToken}` });
    await ctx.app.inject({ method: 'GET', url: `/api/shop/${shopToken}` });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-here' });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    expect(body).not.toContain(shopToken);
    expect(body).not.toContain('no-such-thing-here');
    expect(
      sample(body, 'lb_http_requests_total{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1);
    expect(body).toMatch(/lb_http_requests_total\{method="GET",route="\/api\/shop\/:token",/);
    // The page /shop/<token> and the unknown API path have no route of their own.
    expect(body).toMatch(/lb_http_requests_total\{method="GET",route="other",status_code="200"\}/);
    expect(body).toMatch(/lb_http_requests_total\{method="GET",route="other",status_code="404"\}/);
    expect(body).toMatch(
      /lb_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health",status_code="200"\}/,
    );
    expect(body).toContain('process_resident_memory_bytes');
  });

  it('reports outbox depth, redemptions and votes from the database', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const unsentBefore = sample(before, 'lb_mail_outbox_unsent')!;
    const votesBefore = sample(before, 'lb_votes')!;
    const redemptionsBefore = sample(before, 'lb_redemptions')!;

    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, challenge.id);
    const holder = await signedInPassHolder(ctx, challenge.id);
    const coupon = await couponOf(ctx, holder.pass, shop.id);
    const redeemed = await holder.client.post(`/api/coupons/${coupon.id}/redeem`, {
      redemptionCode: shop.redemptionCode,
    });
    expect(redeemed.statusCode).toBe(200);
    expect((await holder.client.post('/api/vote', { businessId: shop.id })).statusCode).toBe(200);
    const unsentAfterRegistration = sample(
      (await scrape(`Bearer ${TOKEN}`)).body,
      'lb_mail_outbox_unsent',
    )!;
    await enqueueMail(
      ctx.db,
      { to: 'a@example.com', subject: 's', text: 't', html: 'h' },
      new Date(),
    );
    // Mail beyond an unconfirmed address's allowance is suppressed, never sent: not waiting.
    await ctx.db.transaction(async (tx) => {
      for (let index = 0; index < 3; index += 1)
        await enqueueMail(
          tx,
          { to: 'unconfirmed@example.com', subject: 's', text: 't', html: 'h' },
          new Date(),
          { kind: 'unsolicited', perDay: 1 },
        );
    });

    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(unsentAfterRegistration).toBeGreaterThanOrEqual(unsentBefore);
    expect(sample(after, 'lb_mail_outbox_unsent')).toBe(unsentAfterRegistration + 2);
    expect(sample(after, 'lb_redemptions')).toBe(redemptionsBefore + 1);
    expect(sample(after, 'lb_votes')).toBe(votesBefore + 1);
    expect(sample(after, 'lb_mail_outbox_given_up')).toBe(0);
  });

  it('reports the connection pool on PostgreSQL only', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    if (usingPostgres) {
      expect(sample(body, 'lb_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(body, 'lb_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'lb_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(body).not.toContain('lb_db_pool_connections');
    }
  });

  it('counts the statements this instance sent to the database', async () => {
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, 'lb_db_statements_total')!;
    const { queries } = await queriesDuring(ctx.database, () =>
      new TestClient(ctx.app).get('/api/challenge/active'),
    );
    // The scrape itself reads the figures of the gauges from the database too.
    const after = sample((await scrape(`Bearer ${TOKEN}`)).body, 'lb_db_statements_total')!;
    expect(queries).toBeGreaterThan(0);
    expect(after - before).toBeGreaterThanOrEqual(queries);
  });

  it('is not in the API description', async () => {
    const response = await new TestClient(ctx.app).get('/api/openapi.json');
    expect(Object.keys(response.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });
});
