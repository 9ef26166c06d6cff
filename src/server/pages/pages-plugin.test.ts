import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTL_WARM_UP_SCRIPT } from '#shared/intl-warm-up.ts';
import { BUILT_SHELL, BUILT_STYLES, fakeBuiltClient } from '#tests/helpers/built-client.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { createTestContext, TestClient, type TestContext } from '#tests/helpers/test-app.ts';

const built = fakeBuiltClient();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clientDir: built.clientDir,
    pageRenderLimit: { burst: 2, perMinute: 60 },
  });
});
afterAll(async () => {
  await ctx.close();
  built.remove();
});

/** How many copies of the shell a body holds: 1, unless text was inserted with $ patterns expanded. */
const pagesIn = (html: string) => html.split('<!doctype html>').length - 1;

describe('the built web app', () => {
  it('serves nothing under /.vite/: the build manifest is an unknown path', async () => {
    const client = new TestClient(ctx.app);
    const manifest = await client.get('/.vite/manifest.json');
    expect(manifest.statusCode).toBe(404);
    expect(manifest.headers['content-type']).toMatch(/^text\/html/);
    expect(manifest.body).toBe(BUILT_SHELL);
    expect((await client.get('/assets/app.js')).statusCode).toBe(200);
  });

  it('sends a public page as a document: its stylesheets linked, the small script instead of the app (docs/decisions/0027)', async () => {
    const client = new TestClient(ctx.app);
    const home = (await client.get('/')).body;
    expect(home).toContain('<p>Rendered /</p>');
    // The app's base and the page module's own, files the browser keeps for every page.
    expect(home).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/app.css"><link rel="stylesheet" crossorigin href="/assets/home.css">',
    );
    expect(home).not.toContain('<style');
    expect(home).toContain('<script type="module" crossorigin src="/assets/document.js"></script>');
    expect(home).not.toContain('/assets/app.js');
    expect(home).not.toContain('<noscript>');
    // The app's Intl start is the app's alone: the document's script uses no Intl.
    expect(home).not.toContain(INTL_WARM_UP_SCRIPT);
    expect((await client.get('/assets/home.css')).body).toBe(BUILT_STYLES.home);
    expect(home).toMatch(/<script type="application\/json" id="server-state" data-drawn-at="\d+">/);

    // An app page the server draws keeps the app, which it hydrates.
    const checkout = (await client.get('/checkout')).body;
    expect(checkout).toContain('<p>Rendered /checkout</p>');
    expect(checkout).toContain('/assets/app.js');
    expect(checkout).not.toContain('/assets/document.js');
    expect(checkout).toContain(`<script data-app-only>${INTL_WARM_UP_SCRIPT}</script>`);
  });

  it('puts the rendered page in as it is: $ patterns in a checkout URL do not copy the page into itself', async () => {
    const patterns = "$`$'$&".repeat(500);
    const url = `/checkout?status=error&reason=${encodeURIComponent(patterns)}`;
    const response = await new TestClient(ctx.app).get(url);
    expect(response.statusCode).toBe(200);
    const escaped = decodeURIComponent(url).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(
      response.body.includes(
        `<div id="root"><p>Rendered ${escaped}</p><p>Drawn signed out</p></div>`,
      ),
    ).toBe(true);
    expect(pagesIn(response.body)).toBe(1);
    expect(response.body.length).toBeLessThan(BUILT_SHELL.length + 2 * url.length + 1000);
  });

  it("puts a shop's name into its link-preview tags as it is", async () => {
    const challenge = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, challenge.id, { name: "Shop $` $' name" });
    const response = await new TestClient(ctx.app).get(`/business/${shop.id}`);
    expect(response.body).toContain(
      '<meta property="og:title" content="Shop $` $&#39; name - Local Battles" />',
    );
    // The document's own title, in place of the shell's.
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>Shop $` $&#39; name - Local Battles</title>',
    ]);
    expect(pagesIn(response.body)).toBe(1);
  });
});

describe("the web app's server part", () => {
  it('is loaded before the server is ready, not by the first visitor (its load blocks the instance)', async () => {
    const unloadable = fakeBuiltClient();
    fs.writeFileSync(
      path.join(path.dirname(unloadable.clientDir), 'ssr', 'entry-server.js'),
      "throw new Error('the renderer was loaded');\n",
    );
    const unready = await createTestContext({ clientDir: unloadable.clientDir });
    try {
      await expect(unready.app.ready()).rejects.toThrow('the renderer was loaded');
    } finally {
      await unready.close();
      unloadable.remove();
    }
  });
});

describe('server renders per address', () => {
  const rendered = (html: string) => html.includes('<p>Rendered /</p>');

  it('past the limit, one address gets the plain shell; others, the API and assets are unaffected', async () => {
    const busy = new TestClient(ctx.app);
    expect(rendered((await busy.get('/')).body)).toBe(true);
    expect(rendered((await busy.get('/')).body)).toBe(true);
    const over = await busy.get('/');
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
    expect(rendered(over.body)).toBe(false);

    expect(rendered((await new TestClient(ctx.app).get('/')).body)).toBe(true);
    expect((await busy.get('/api/health')).statusCode).toBe(200);
    expect((await busy.get('/assets/app.js')).statusCode).toBe(200);
    expect((await busy.get('/auth')).statusCode).toBe(200);

    // 60 a minute: one more render a second later.
    ctx.clock.advance(1000);
    expect(rendered((await busy.get('/')).body)).toBe(true);
    expect(rendered((await busy.get('/')).body)).toBe(false);
  });
});
