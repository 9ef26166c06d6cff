import { DatabaseInUseError, openDatabase } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';

/** Ends a command with its refusal on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The settings' database for a one-off command, on one connection. The embedded database opens
 * only while no server holds it: otherwise the command ends saying so, then `afterRefusal`.
 */
export async function openCommandDatabase(env: Env, afterRefusal?: string) {
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: 1,
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      fail(afterRefusal ? `${error.message}\n${afterRefusal}` : error.message);
    throw error;
  }
}
