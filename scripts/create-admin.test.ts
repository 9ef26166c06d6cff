import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyCredentials } from '#server/auth/service.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-create-admin-'));

/** Runs `npm run create-admin` as a person would, on an embedded database in dataDir. */
async function createAdmin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      'node',
      ['--import', 'tsx', 'scripts/create-admin.ts', ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run create-admin', () => {
  it('creates an admin, then promotes an existing user and sets the new password', async () => {
    const created = await createAdmin(
      '--username',
      'boss',
      '--password',
      'first-pass',
      '--email',
      'boss@example.com',
    );
    expect(created).toMatchObject({ code: 0, stdout: "Created admin 'boss'.\n" });
    const again = await createAdmin(
      '--username',
      'Boss',
      '--password',
      'second-pass',
      '--email',
      'boss@example.com',
    );
    expect(again.stdout).toContain("Promoted 'boss' to admin");

    const database = await openDatabase({ dataDir });
    const [row] = await database.db.select().from(users).where(eq(users.username, 'boss'));
    expect(row?.isAdmin).toBe(true);
    expect(await verifyCredentials(database.db, 'boss', 'second-pass')).not.toBeNull();
    expect(await database.db.$count(users)).toBe(1);
    await database.close();
  }, 60_000);

  it('refuses bad arguments with the validation message', async () => {
    const result = await createAdmin(
      '--username',
      'x',
      '--password',
      'longenough',
      '--email',
      'x@example.com',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--username: Username must be at least 3 characters');
  }, 60_000);

  it('says clearly that the embedded database is in use and changes nothing', async () => {
    const holder = await openDatabase({ dataDir });
    const before = await holder.db.$count(users);
    const result = await createAdmin(
      '--username',
      'intruder',
      '--password',
      'whatever1',
      '--email',
      'i@example.com',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/in use by process \d+/);
    expect(result.stderr).toContain('Nothing was changed.');
    expect(await holder.db.$count(users)).toBe(before);
    await holder.close();
  }, 60_000);
});
