import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';

/** The part of JSON Schema the generated description uses for requests. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

/** The API as the generated OpenAPI description lists it: one entry per method and path. */
export interface Endpoint {
  method: string;
  path: string;
  operation: {
    parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
  };
}

export async function apiEndpoints(app: FastifyInstance): Promise<Endpoint[]> {
  const document = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, Endpoint['operation']>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path !== '/api/openapi.json')
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
}

export const isStateChanging = (endpoint: Endpoint) =>
  endpoint.method !== 'GET' && endpoint.method !== 'HEAD';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A fingerprint of every row of every table: any insert, update or delete changes it. */
export async function databaseFingerprint(db: Db): Promise<string> {
  // The rate limits count every request, refused ones too: bookkeeping of the requests
  // themselves (docs/decisions/0015), not data a request could change.
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_counters' order by tablename`,
    ),
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const result = await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${tablename}" t`,
      ),
    );
    parts.push(`${tablename}:${rowsOf<{ digest: string }>(result)[0]?.digest}`);
  }
  return parts.join(',');
}
