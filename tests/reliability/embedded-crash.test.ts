import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#tests/helpers/instances.ts';
import { startServer, type RunningServer } from '#tests/helpers/server-process.ts';
import { recordFigure } from './figures.ts';
import { HttpMember } from './http-member.ts';

/**
 * The embedded database: SIGKILL the server while members are writing, start it again on the
 * same data directory, and find every acknowledged write.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-crash-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Coupon = { id: number; redeemed: boolean };

describe('embedded database crash', () => {
  it('keeps every acknowledged write after kill -9 and starts again', async () => {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ENABLE_TEST_TOOLS: 'true',
    };
    const port = await freePort();
    server = await startServer(port, env);
    const url = server.url;
    let running = true;
    const acknowledgedUsers: HttpMember[] = [];
    const acknowledgedPasses = new Set<HttpMember>();

    const writer = async (worker: number) => {
      for (let round = 0; running; round += 1) {
        const member = new HttpMember(
          `crash_${worker}_${round}`,
          `10.${worker}.${(round >> 8) & 255}.${round & 255}`,
          () => [url],
        );
        try {
          const registered = await member.call('POST', '/api/register', {
            username: member.username,
            email: `${member.username}@example.com`,
            fullName: 'Crash Member',
            password: 'password123',
          });
          if (registered.status !== 201) continue;
          acknowledgedUsers.push(member);
          const pass = await member.call('POST', '/api/testing/create-pass');
          if (pass.status === 200 || pass.status === 201) acknowledgedPasses.add(member);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker + 1));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await server.kill();
    running = false;
    await Promise.all(writers);

    const restartedAt = performance.now();
    server = await startServer(port, env);
    const restartMs = performance.now() - restartedAt;

    let missing = 0;
    for (const member of acknowledgedUsers) {
      member.forgetCookies();
      const login = await member.call('POST', '/api/login', {
        username: member.username,
        password: 'password123',
      });
      if (login.status !== 200) {
        missing += 1;
        continue;
      }
      if (acknowledgedPasses.has(member)) {
        const coupons = await member.call('GET', '/api/user/coupons');
        if (coupons.status !== 200 || (coupons.body as Coupon[]).length === 0) missing += 1;
      }
    }
    recordFigure('embedded-crash', {
      acknowledgedRegistrations: acknowledgedUsers.length,
      acknowledgedPasses: acknowledgedPasses.size,
      missingAfterRestart: missing,
      restartMs: Math.round(restartMs),
    });
    expect(acknowledgedUsers.length).toBeGreaterThan(5);
    expect(missing).toBe(0);
  }, 180_000);
});
