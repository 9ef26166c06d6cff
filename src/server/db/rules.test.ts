import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, type TestDatabase } from '#tests/helpers/test-db.ts';
import { readRuleSources } from './rules.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function installedFunctions(): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'`,
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describe('rule functions', () => {
  it('the database runs exactly the definitions in src/server/db/rules/, one file per function', async () => {
    const installed = await installedFunctions();
    const sources = readRuleSources();
    expect([...installed.keys()].sort()).toEqual(sources.map((rule) => rule.name));
    for (const rule of sources) {
      expect(installed.get(rule.name), `${rule.name}.sql differs from the installed function`).toBe(
        rule.definition,
      );
    }
  });

  it('migrating again leaves the definitions as they are', async () => {
    const before = await installedFunctions();
    await database.migrate();
    expect(await installedFunctions()).toEqual(before);
  });
});
