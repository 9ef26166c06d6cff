import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointDescription } from '#shared/endpoints.ts';
import { pageAddress } from '#shared/pages.ts';
import { signedInMember, TestClient, useTestApp } from '#tests/helpers/test-app.ts';
import { guardEndpoints } from './guards.ts';

const entries = Object.entries(endpoints) as [string, EndpointDescription][];

/** A value each kind of path parameter accepts, so a guard is reached before any lookup. */
const sampleParams = (endpoint: EndpointDescription) =>
  Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
      name,
      name === 'token' ? 'a'.repeat(32) : name === 'sessionId' ? 'sbx_abcdefghijkl' : 1,
    ]),
  );

describe('the endpoint registry (docs/decisions/0041)', () => {
  const ctx = useTestApp({ testToolsEnabled: true, testClockEnabled: true });

  it('has exactly one route for every entry', () => {
    for (const [name, endpoint] of entries) {
      expect(
        ctx.app.hasRoute({ method: endpoint.method, url: endpoint.path }),
        `${name}: ${endpoint.method} ${endpoint.path}`,
      ).toBe(true);
    }
    const routes = new Set(entries.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`));
    expect(routes.size).toBe(entries.length);
  });

  it('refuses an API route without an entry when it is registered', async () => {
    const app = Fastify();
    app.addHook(
      'onRoute',
      guardEndpoints(ctx.db, () => undefined),
    );
    expect(() => app.get('/api/not-in-the-registry', async () => ({}))).toThrow(
      'GET /api/not-in-the-registry has no entry in src/shared/endpoints.ts',
    );
    await app.close();
  });

  it("guards every member's and organizer's endpoint by its entry, HEAD included", async () => {
    const anonymous = new TestClient(ctx.app);
    const { client: member } = await signedInMember(ctx.app);
    for (const [name, endpoint] of entries) {
      if (endpoint.access !== 'member' && endpoint.access !== 'organizer') continue;
      const url = pageAddress(endpoint.path, sampleParams(endpoint));
      const signedOut = await anonymous.request({ method: endpoint.method, url, payload: {} });
      expect(signedOut.statusCode, `${name} signed out`).toBe(401);
      if (endpoint.method === 'GET') {
        const head = await anonymous.request({ method: 'HEAD', url });
        expect(head.statusCode, `HEAD ${name} signed out`).toBe(401);
      }
      if (endpoint.access === 'organizer') {
        const asMember = await member.request({ method: endpoint.method, url, payload: {} });
        expect(asMember.statusCode, `${name} as a member`).toBe(403);
        expect(asMember.headers['cache-control'], `${name} as a member`).toBe('no-store');
      }
    }
  });
});
