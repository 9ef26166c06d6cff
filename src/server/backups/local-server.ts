import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How `npm run backup` reaches the server that holds the embedded database (docs/decisions/0038):
 * the server writes a random token beside its data, readable by its own user only; whoever can
 * read it could read the database files anyway.
 */
export const LOCAL_TOKEN_FILE = 'backup-token';

export function writeLocalBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCAL_TOKEN_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token, { mode: 0o600 });
  return token;
}

export function readLocalBackupToken(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(path.resolve(dataDir), LOCAL_TOKEN_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

/** The process holding the embedded database's lock (db/client.ts), when it is alive. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(path.resolve(dataDir), 'local-battles.lock'), 'utf8'));
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
