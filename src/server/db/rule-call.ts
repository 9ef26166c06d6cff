import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** The rows of a raw SQL statement, on either driver (both answer with { rows }). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db | Tx,
  query: SQL,
): Promise<T[]> {
  const { rows } = (await db.execute<T>(query)) as { rows: T[] };
  return rows;
}

/**
 * Runs one rule function of src/server/db/rules/ (`select fn(...) as result`) and returns its
 * answer. One statement: one round trip, and its own transaction unless called inside one.
 */
export async function callRule<T>(db: Db | Tx, call: SQL): Promise<T> {
  const [row] = await queryRows<{ result: T }>(db, call);
  if (!row) throw new Error('rule function returned no row');
  return row.result;
}

/** A table row that a rule function returned as `to_jsonb(row)`, typed as drizzle reads it. */
export function rowFromJson<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  );
}

/** A list of whole numbers as one `integer[]` parameter. */
export function sqlIntArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::integer[]`;
}
