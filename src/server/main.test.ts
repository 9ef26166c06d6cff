import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-in-use-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('start-up', () => {
  it('says plainly that the embedded database is in use, without a stack trace', async () => {
    // This test process is alive and holds the data directory's lock, as a running server would.
    fs.writeFileSync(path.join(dataDir, 'local-battles.lock'), String(process.pid));
    const started = run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      timeout: 30_000,
    });
    const failure = await started.then(
      () => {
        throw new Error('the server started on a database in use');
      },
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toBe(
      `The embedded database in ${dataDir} is in use by process ${process.pid} (probably the running server). Stop it first, or use DATABASE_URL.`,
    );
  });

  it('stops on a wallet key or certificate that cannot be read, naming the setting', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        APPLE_PASS_TYPE_ID: 'pass.test.local-battles',
        APPLE_TEAM_ID: 'TEAMID1234',
        APPLE_PASS_CERTIFICATE: '-----BEGIN CERTIFICATE-----\\nnot a certificate',
        APPLE_PASS_KEY: '/nonexistent/pass.key',
        APPLE_WWDR_CERTIFICATE: '/nonexistent/wwdr.pem',
      },
      timeout: 30_000,
    }).then(
      () => {
        throw new Error('the server started with a broken pass certificate');
      },
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toBe(
      "Invalid settings:\n  APPLE_PASS_KEY: cannot read the file /nonexistent/pass.key (ENOENT: no such file or directory, open '/nonexistent/pass.key')",
    );
  });
});
