import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBuiltClient } from '#tests/helpers/built-client.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import {
  createTestContext,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const TOKEN = 'metrics-token-for-cached-pages-0123';
const built = fakeBuiltClient();
let ctx: TestContext;
let shopId: number;
let challengeId: number;
beforeAll(async () => {
  ctx = await createTestContext({
    clientDir: built.clientDir,
    metricsToken: TOKEN,
    publicCacheTtlMs: 60_000,
    // One render per address: a second page for the same address shows what a miss costs.
    pageRenderLimit: { burst: 1, perMinute: 1 },
  });
  const challenge = await insertChallenge(ctx.db, ctx.clock.now());
  challengeId = challenge.id;
  shopId = (await insertBusiness(ctx.db, challenge.id, { name: 'First Pour' })).id;
});
afterAll(async () => {
  await ctx.close();
  built.remove();
});

/** Sums a metric's samples, leaving out the scrapes of /metrics themselves. */
async function metric(name: string): Promise<number> {
  const scrape = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return scrape.body
    .split('\n')
    .filter((line) => /^\w+/.exec(line)?.[0] === name && !line.includes('route="/metrics"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const requests = () => metric('lb_http_requests_total');
const renders = () => metric('lb_page_renders_total');
const visit = (url: string) => new TestClient(ctx.app).get(url);
const isRendered = (html: string) => html.includes('<div id="root"><p>Rendered ');

describe('rendered public pages, read from the public reads', () => {
  it('costs one request: the render reads the answers in-process, not through the server', async () => {
    const before = await requests();
    const home = await visit('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<li>First Pour</li>');
    expect((await requests()) - before).toBe(1);
  });

  it('renders a page once for every visitor within the lifetime, concurrent ones included', async () => {
    const before = await renders();
    const pages = await Promise.all([visit('/battles'), visit('/battles'), visit('/battles')]);
    const again = await visit('/battles');
    // A query the page does not read is the same page.
    const withQuery = await visit('/battles?ref=flyer');
    expect((await renders()) - before).toBe(1);
    for (const page of [...pages, again, withQuery]) {
      expect(isRendered(page.body)).toBe(true);
      expect(page.body).toBe(pages[0]?.body);
    }
    expect(withQuery.body).not.toContain('flyer');
  });

  it("shows an organizer's change in the next visit's HTML", async () => {
    const url = `/business/${String(shopId)}`;
    expect((await visit(url)).body).toContain('<li>First Pour</li>');
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const patched = await admin.patch(`/api/admin/businesses/${String(shopId)}`, {
      name: 'Second Pour',
    });
    expect(patched.statusCode).toBe(200);
    const next = await visit(url);
    expect(next.body).toContain('<li>Second Pour</li>');
    expect(next.body).not.toContain('First Pour');
    // The link-preview tags are kept with the page and change with it.
    expect(next.body).toContain(
      '<meta property="og:title" content="Second Pour - Local Battles" />',
    );
  });

  it('spends the per-address allowance only on a page not already kept', async () => {
    const visitor = new TestClient(ctx.app);
    await visit('/battles/coffee');
    // Kept: this address still has its one render…
    expect(isRendered((await visitor.get('/battles/coffee')).body)).toBe(true);
    expect(isRendered((await visitor.get('/battles/coffee')).body)).toBe(true);
    // …which a page nobody has asked for yet spends, and the next one finds it gone.
    expect(isRendered((await visitor.get('/battles/')).body)).toBe(true);
    const over = await visitor.get('/checkout');
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
  });

  it('gives a signed-in member the same page as everyone: the render never reads the session', async () => {
    const { client: member } = await signedInMember(ctx.app);
    const url = `/business/${String(shopId)}/`;
    const signedIn = await member.get(url);
    expect(isRendered(signedIn.body)).toBe(true);
    expect((await visit(url)).body).toBe(signedIn.body);

    // A render that asks for an account's answer is refused and sends the plain shell.
    const asking = await visit('/checkout?ask=/api/session');
    expect(asking.statusCode).toBe(200);
    expect(asking.body).toContain('<div id="root"></div>');
    expect(isRendered((await visit('/checkout?ask=/api/votes')).body)).toBe(true);
  });

  it('draws /checkout signed out for visitors without a session, kept apart from the page for a session', async () => {
    const signedOut = await visit('/checkout');
    expect(signedOut.body).toContain('<p>Rendered /checkout</p><p>Drawn signed out</p>');
    const rendered = await renders();
    expect((await visit('/checkout')).body).toBe(signedOut.body);
    expect(await renders()).toBe(rendered);

    // With a session the page is drawn for everyone, and the browser asks whose it is.
    const { client: member } = await signedInMember(ctx.app);
    const forSession = await member.get('/checkout');
    expect(isRendered(forSession.body)).toBe(true);
    expect(forSession.body).not.toContain('Drawn signed out');
    // A document is the same for everyone, with a session or without.
    expect((await visit('/battles')).body).not.toContain('Drawn signed out');
  });
});

describe('kept pages, sent compressed', () => {
  const fetchPage = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    new TestClient(ctx.app).request({
      method,
      url,
      ...(acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } }),
    });

  it('sends br, gzip or identity as the request accepts, rendering once for all of them', async () => {
    const url = `/business/${(await insertBusiness(ctx.db, challengeId)).id}`;
    const before = await renders();
    const br = await fetchPage(url, 'br, gzip');
    const gzip = await fetchPage(url, 'gzip');
    const identity = await fetchPage(url);
    const refused = await fetchPage(url, 'br;q=0, gzip;q=0');
    expect((await renders()) - before).toBe(1);

    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(isRendered(identity.body)).toBe(true);
    expect(identity.headers['content-length']).toBe(String(identity.rawPayload.length));
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(gzip.headers['content-length']).toBe(String(gzip.rawPayload.length));
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(identity.rawPayload)).toBe(true);
    for (const answer of [br, gzip, identity, refused]) {
      expect(answer.statusCode).toBe(200);
      // An English document also varies by language: a first visit may be sent to another one
      // (docs/decisions/0048-languages.md).
      expect(answer.headers.vary).toBe('accept-encoding, accept-language');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers HEAD with the headers of the compressed page and no body', async () => {
    const url = `/business/${(await insertBusiness(ctx.db, challengeId)).id}`;
    const get = await fetchPage(url, 'gzip, br');
    const head = await fetchPage(url, 'gzip, br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.vary).toBe('accept-encoding, accept-language');
    expect(head.rawPayload.length).toBe(0);
  });

  it('sends a page that is not kept, and the plain shell, as they are, varying all the same', async () => {
    // A render of a query the page reads serves only its own visitor.
    const once = await fetchPage('/checkout?ask=/api/votes', 'br, gzip');
    expect(isRendered(once.body)).toBe(true);
    const missing = await fetchPage('/no-such-page', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    for (const answer of [once, missing]) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('accept-encoding');
    }
  });
});

describe("a draft battle's shops (docs/decisions/0030)", () => {
  it('answer 404 on the API and on /business/{id}, never rendered nor kept, until the battle is published', async () => {
    const draft = await insertChallenge(ctx.db, ctx.clock.now(), { active: false });
    const shop = await insertBusiness(ctx.db, draft.id, { name: 'Secret Roastery' });
    const url = `/business/${String(shop.id)}`;
    const before = await renders();
    for (let visitNumber = 0; visitNumber < 2; visitNumber += 1) {
      const api = await visit(`/api/businesses/${String(shop.id)}`);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Shop not found' });
      const page = await visit(url);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('Secret Roastery');
    }
    expect(await renders()).toBe(before);

    // Published, the same address is the shop's page; unpublished again, it is gone at once.
    const { client: admin } = await signedInAdmin(ctx.app, ctx.db);
    const patch = (active: boolean) =>
      admin.patch(`/api/admin/challenges/${String(draft.id)}`, { active });
    expect((await patch(true)).statusCode).toBe(200);
    const published = await visit(url);
    expect(published.statusCode).toBe(200);
    expect(isRendered(published.body)).toBe(true);
    expect(published.body).toContain(
      '<meta property="og:title" content="Secret Roastery - Local Battles" />',
    );
    expect((await patch(false)).statusCode).toBe(200);
    const hidden = await visit(url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Secret Roastery');
    expect((await visit(`/api/businesses/${String(shop.id)}`)).statusCode).toBe(404);
    // Its organizers still see it through their own routes.
    const own = await admin.get(`/api/admin/challenges/${String(draft.id)}/businesses`);
    expect(own.json<{ name: string }[]>().map((each) => each.name)).toEqual(['Secret Roastery']);
  });

  it('an unknown shop id answers the same 404, so a draft cannot be told from nothing', async () => {
    const page = await visit('/business/9876545');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root"></div>');
  });
});
