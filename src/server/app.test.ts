import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_SCRIPT } from '#shared/signed-in-hint.ts';
import { INTL_WARM_UP_SCRIPT } from '#shared/intl-warm-up.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { insertBusiness, insertChallenge } from '#tests/helpers/fixtures.ts';
import { signedInMember, TestClient, useTestApp, withTestApp } from '#tests/helpers/test-app.ts';
import { SiteUrl } from './site-url.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const ctx = useTestApp();

describe('health', () => {
  it('answers ok while the database answers', async () => {
    const response = await ctx.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const app = await buildApp({
      db: database.db,
      config: { clientDir: '/nonexistent' },
      logger: false,
    });
    await database.close();
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable' });
    await app.close();
  });
});

describe('unknown paths and pages', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const response = await ctx.app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No API route GET /api/does-not-exist' });
  });

  it('serves the app shell with 200 for a page route and 404 for any other path', async () => {
    const page = await ctx.app.inject('/auth');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const battle = await insertChallenge(ctx.db, ctx.clock.now());
    const shop = await insertBusiness(ctx.db, battle.id);
    expect((await ctx.app.inject(`/business/${shop.id}`)).statusCode).toBe(200);
    // A page route whose shop does not exist is a missing page too.
    expect((await ctx.app.inject(`/business/${shop.id + 1000}`)).statusCode).toBe(404);
    const missing = await ctx.app.inject('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('<div id="root">');
  });

  it('sends safe headers', async () => {
    const response = await ctx.app.inject('/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The signed-in hint's and the Intl start's head scripts, and no other inline script, by the
    // hash of their text.
    const [hintHash, intlHash] = [SIGNED_IN_HINT_SCRIPT, INTL_WARM_UP_SCRIPT].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    const scriptSrc = csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hintHash!}' 'sha256-${intlHash!}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    // helmet's whole set, read once at start (security.ts), on every page answer.
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');

    const api = await ctx.app.inject('/api/health');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('tells browsers to keep to HTTPS, on pages and API answers alike, when the site is on HTTPS', async () => {
    await withTestApp({ siteUrl: new SiteUrl('https://battles.example.com') }, async (hosted) => {
      for (const url of ['/', '/api/health']) {
        const response = await hosted.app.inject(url);
        expect(response.headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    });
  });
});

describe('sessions are stored in the database', () => {
  it('survive a restart of the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-restart-'));
    const first = await openDatabase({ dataDir });
    await first.migrate();
    const app1 = await buildApp({
      db: first.db,
      config: { clientDir: '/nonexistent' },
      logger: false,
    });
    const { client } = await signedInMember(app1, 'restart_member');
    await app1.close();
    await first.close();

    const second = await openDatabase({ dataDir });
    const app2 = await buildApp({
      db: second.db,
      config: { clientDir: '/nonexistent' },
      logger: false,
    });
    client.app = app2;
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'restart_member' });
    await app2.close();
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('work across two server instances on one database', async () => {
    // On PostgreSQL the second instance has its own connection pool, as a second process would.
    const other = await ctx.buildApp(usingPostgres ? (await ctx.database.reopen()).db : ctx.db);
    const { client } = await signedInMember(ctx.app, 'two_instances');
    const onOther = new TestClient(other);
    onOther.cookie = client.cookie;
    expect((await onOther.get('/api/user')).json()).toMatchObject({ username: 'two_instances' });
    await onOther.post('/api/logout');
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('API description', () => {
  it('is generated from the zod contract and lists every API route', async () => {
    const response = await ctx.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/user', '/api/businesses/{id}']),
    );
    expect(document.paths['/api/register']?.post?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { required: expect.arrayContaining(['username', 'password']) },
        },
      },
    });
  });
});
