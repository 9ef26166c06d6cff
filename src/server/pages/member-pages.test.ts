import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ANSWERS_ID } from '#shared/server-render.ts';
import { fakeBuiltClient } from '#tests/helpers/built-client.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';
import { createTestContext, TestClient, type TestContext } from '#tests/helpers/test-app.ts';

const built = fakeBuiltClient();
let ctx: TestContext;
let challengeId: number;
beforeAll(async () => {
  ctx = await createTestContext({ clientDir: built.clientDir, publicCacheTtlMs: 60_000 });
  challengeId = (await insertChallenge(ctx.db, ctx.clock.now())).id;
  await insertBusiness(ctx.db, challengeId, { name: 'First Pour' });
  await insertBusiness(ctx.db, challengeId, { name: 'Crema & Co' });
});
afterAll(async () => {
  await ctx.close();
  built.remove();
});

const BARE_SHELL = '<div id="root"></div>';

describe("/profile, rendered with the member's own pass (#shared/pages.ts readsSession)", () => {
  it("puts the member's coupons in the first HTML, for them alone and for no cache to keep", async () => {
    const holder = await signedInPassHolder(ctx, challengeId, 'first_holder');
    const page = await holder.client.get('/profile');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<p>Rendered /profile for first_holder</p>');
    expect(page.body).toContain('<li>First Pour</li><li>Crema &#38; Co</li>');
    // The answers it was drawn with, as the API sent them, for the page's offline copy.
    expect(page.body).toContain(`<script type="application/json" id="${SERVER_ANSWERS_ID}">`);
    expect(page.body).toContain('"url":"/api/user/progress"');

    // Never kept for the next visitor, however soon: each member gets their own.
    const other = await signedInPassHolder(ctx, challengeId, 'second_holder');
    const theirs = await other.client.get('/profile');
    expect(theirs.body).toContain('<p>Rendered /profile for second_holder</p>');
    expect(theirs.body).not.toContain('first_holder');
  });

  it('goes compressed, as a kept page does, though it is rendered for this visit alone', async () => {
    const holder = await signedInPassHolder(ctx, challengeId, 'on_a_phone');
    const page = await holder.client.request({
      method: 'GET',
      url: '/profile',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toBe('accept-encoding');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<p>Rendered /profile for on_a_phone</p><ul><li>First Pour</li>');
  });

  it('is the bare app shell without a session, whose guard sends the visitor to sign in', async () => {
    const stranger = await new TestClient(ctx.app).get('/profile');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers['cache-control']).toBe('private, no-store');
    expect(stranger.body).toContain(BARE_SHELL);
    expect(stranger.body).not.toContain('First Pour');
    expect(stranger.body).not.toContain(SERVER_ANSWERS_ID);

    // A session that ended (signed out) is nobody's: its cookie draws no account either.
    const holder = await signedInPassHolder(ctx, challengeId);
    const cookie = holder.client.cookie ?? '';
    expect((await holder.client.post('/api/logout')).statusCode).toBe(200);
    const ended = await ctx.app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(ended.body).toContain(BARE_SHELL);
    expect(ended.body).not.toContain('First Pour');
  });

  it("reads the visitor's own answers only on such a page: a public page never does", async () => {
    const holder = await signedInPassHolder(ctx, challengeId, 'public_reader');
    const asking = await holder.client.get('/checkout?ask=/api/user/progress');
    expect(asking.body).toContain(BARE_SHELL);
    const home = await holder.client.get('/');
    expect(home.body).toContain('<li>First Pour</li>');
    expect(home.body).not.toContain('public_reader');
    expect(home.body).not.toContain(SERVER_ANSWERS_ID);
    expect(home.headers['cache-control']).toBe('no-cache');
  });
});
