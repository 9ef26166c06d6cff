import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClient } from '#tests/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-db.ts';

let database: TestDatabase;
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('request logs', () => {
  it('never contain a password or a session id, and log every 5xx with request id, route and cause', async () => {
    const app = await buildApp({
      db: database.db,
      config: { clientDir: '/nonexistent' },
      logger: { level: 'info', stream: sink },
    });
    const client = new TestClient(app);
    const password = 'Sup3r-secret-pass';
    await client.post('/api/register', {
      username: 'logged',
      email: 'l@example.com',
      fullName: 'Log Ged',
      password,
    });
    await client.post('/api/login', { username: 'logged', password: 'wrong-password-9' });
    await client.post('/api/login', { username: 'logged', password });
    const sessionId = client.cookie!.replace('lb.sid=', '').split('.')[0]!;
    await client.get('/api/user');
    await client.post('/api/logout');

    // A real fault: the database goes away under a request that needs it.
    await database.close();
    const failed = await client.get('/api/businesses');
    database = await createTestDatabase();
    await app.close();

    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(failed.body).not.toMatch(/stack|at .*\.ts/);

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(all).not.toContain(password);
    expect(all).not.toContain('wrong-password-9');
    const leaking = lines.filter((line) => line.includes(sessionId));
    expect(leaking).toEqual([]);

    const errorLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.level === 50);
    expect(errorLine).toMatchObject({
      reqId: expect.any(String),
      route: '/api/businesses',
      msg: 'request failed',
      err: expect.objectContaining({ message: expect.any(String) }),
    });
    // One id per request, each line of a request carrying it: "incoming request" and "request completed".
    const ids = lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId).filter(Boolean);
    const requests = 6;
    expect(new Set(ids).size).toBe(requests);
    expect(ids.length).toBeGreaterThanOrEqual(2 * requests);
  });

  it('never contain the token of an emailed link, on a page path or an API path', async () => {
    const tokenLines: string[] = [];
    const app = await buildApp({
      db: database.db,
      config: { clientDir: '/nonexistent' },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            tokenLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    const secret = 'reset-link-secret-0123456789';
    await app.inject({ method: 'GET', url: `/auth/reset?token=${secret}` });
    await app.inject({ method: 'GET', url: `/auth/verify-email?token=${secret}a` });
    await app.inject({
      method: 'GET',
      url: `/api/challenge/active?token=${secret}b&token=${secret}c`,
    });
    await app.close();
    const log = tokenLines.join('');
    expect(log).toContain('/auth/reset?token=[redacted]');
    expect(log).toContain('/api/challenge/active?token=[redacted]&token=[redacted]');
    expect(log).not.toContain(secret);
  });
});
