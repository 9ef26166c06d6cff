import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiEndpoints,
  databaseFingerprint,
  type Endpoint,
  type JsonSchema,
} from './api-surface.ts';
import {
  createTestContext,
  signedInAdmin,
  signedInMember,
  TestClient,
  type TestContext,
} from '#tests/helpers/test-app.ts';
import { seededBattle } from '#tests/helpers/battle.ts';
import { signedInPassHolder } from '#tests/helpers/pass-holders.ts';

/**
 * Every API operation of the generated OpenAPI description (so, of the zod contract) receives
 * generated malformed requests from every kind of caller. Each must get a 4xx JSON answer,
 * never a 5xx, and together they must change nothing in the database.
 */

let ctx: TestContext;
let endpoints: Endpoint[];
let callers: TestClient[];

beforeAll(async () => {
  ctx = await createTestContext();
  const challenge = await seededBattle(ctx);
  const member = await signedInPassHolder(ctx, challenge.id);
  const admin = await signedInAdmin(ctx.app, ctx.db);
  callers = [
    new TestClient(ctx.app),
    (await signedInMember(ctx.app)).client,
    member.client,
    admin.client,
  ];
  endpoints = await apiEndpoints(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

const typesOf = (schema: JsonSchema): string[] =>
  schema.anyOf
    ? schema.anyOf.flatMap(typesOf)
    : Array.isArray(schema.type)
      ? schema.type
      : schema.type
        ? [schema.type]
        : [];

/** A value of the schema's shape, as a careful client would send. */
function plausible(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (typesOf(schema)[0]) {
    case 'string':
      return 'a'.repeat(Math.max(schema.minLength ?? 4, 4));
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 0) + 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value)]),
      );
    default:
      return null;
  }
}

const valueOfType = (type: string): unknown =>
  ({
    string: 'text',
    integer: 7,
    number: 7.5,
    boolean: false,
    array: [1],
    object: { nested: true },
    null: null,
  })[type];

/** Bodies that break the schema for certain: each one mutation away from a plausible body. */
function malformedBodies(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = plausible(schema) as Record<string, unknown>;
  const properties = Object.entries(schema.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer())),
  ];
  for (const name of schema.required ?? []) {
    mutations.push(
      fc.constant(Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))),
    );
  }
  for (const [name, property] of properties) {
    const allowed = typesOf(property);
    const wrong = ['string', 'integer', 'boolean', 'array', 'object', 'null'].filter(
      (type) => !allowed.includes(type) && !(type === 'integer' && allowed.includes('number')),
    );
    if (allowed.length > 0 && wrong.length > 0) {
      mutations.push(
        fc.constantFrom(...wrong).map((type) => ({ ...base, [name]: valueOfType(type) })),
      );
    }
    if (property.maxLength !== undefined) {
      mutations.push(fc.constant({ ...base, [name]: 'x'.repeat(property.maxLength + 1) }));
    }
    if (property.minLength !== undefined && property.minLength > 0) {
      mutations.push(fc.constant({ ...base, [name]: '' }));
    }
    if (allowed.includes('integer')) {
      mutations.push(
        fc
          .constantFrom(1.5, -1e21, 1e21, Number.MAX_SAFE_INTEGER * 4)
          .map((value) => ({ ...base, [name]: value })),
      );
    }
  }
  return fc.oneof(...mutations);
}

/** Path values that are not an id of anything. */
const badIds = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '99999999999999999999',
    '1e3',
    "1'--",
    '%00',
    '%F0%9F%92%A5',
    '2147483648',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => encodeURIComponent(`x${text}`)),
);

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function urlFor(endpoint: Endpoint, id: string, query = '') {
  return endpoint.path.replace(/\{[^}]+\}/g, id) + query;
}

/** A path whose parameters all pass validation, so a body field is what gets judged. */
function wellFormedUrlFor(endpoint: Endpoint, query = '') {
  return urlFor(endpoint, '1', query).replace(
    /^\/api\/sandbox\/checkout\/1/,
    '/api/sandbox/checkout/sbx_hostile-input-session',
  );
}

describe('hostile input on every endpoint', () => {
  it('gets a 4xx JSON answer for every malformed request and changes nothing', async () => {
    const before = await databaseFingerprint(ctx.db);
    const failures: string[] = [];
    let requests = 0;
    let fuzzed = 0;

    const expectClientError = (label: string, status: number, body: string) => {
      requests += 1;
      let message: unknown;
      try {
        message = (JSON.parse(body) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (status < 400 || status >= 500 || typeof message !== 'string')
        failures.push(`${label} → ${status} ${body.slice(0, 120)}`);
    };

    for (const endpoint of endpoints) {
      const bodySchema = endpoint.operation.requestBody?.content['application/json']?.schema;
      const hasPathParams = endpoint.path.includes('{');
      const queryParams = (endpoint.operation.parameters ?? []).filter(
        (parameter) => parameter.in === 'query',
      );
      const cases: fc.Arbitrary<{ url: string; payload?: string; contentType?: string }>[] = [];

      if (hasPathParams)
        cases.push(
          badIds.map((id) => ({
            url: urlFor(endpoint, id),
            payload: bodySchema ? JSON.stringify(plausible(bodySchema)) : undefined,
          })),
        );
      for (const parameter of queryParams) {
        const schema = (parameter.schema ?? {}) as JsonSchema & { pattern?: string };
        // A free-text query (a search) takes any words: only its length can be wrong.
        const freeText =
          schema.type === 'string' && schema.pattern === undefined && schema.enum === undefined;
        const wrongLengths = [
          ...(schema.minLength ? ['', 'x'.repeat(schema.minLength - 1)] : []),
          ...(schema.maxLength !== undefined ? ['x'.repeat(schema.maxLength + 1)] : []),
        ];
        if (freeText && wrongLengths.length === 0) continue;
        const values = freeText
          ? fc.constantFrom(...wrongLengths)
          : fc.oneof(fc.constant(''), fc.string({ maxLength: 40 }));
        cases.push(
          values.map((value) => ({
            url: urlFor(endpoint, '1', `?${parameter.name}=${encodeURIComponent(value)}`),
          })),
        );
      }
      if (endpoint.method !== 'GET') {
        // Not JSON at all, or broken JSON, whatever the route expects.
        cases.push(
          fc
            .record({
              contentType: fc.constantFrom(
                'text/plain',
                'application/x-www-form-urlencoded',
                'application/xml',
                'multipart/form-data',
              ),
              payload: fc.string({ maxLength: 50 }),
            })
            .map((request) => ({ url: urlFor(endpoint, '1'), ...request })),
          fc
            .constantFrom('{', '{"a":', 'nul', '[1,', '{"__proto__":{"isAdmin":true}', '\u0000')
            .map((payload) => ({
              url: urlFor(endpoint, '1'),
              payload,
              contentType: 'application/json',
            })),
        );
      }
      if (bodySchema)
        cases.push(
          malformedBodies(bodySchema).map((body) => ({
            url: urlFor(endpoint, '1'),
            payload: JSON.stringify(body),
          })),
        );
      if (cases.length === 0) continue;
      fuzzed += 1;

      const samples = fc.sample(fc.oneof(...cases), { numRuns: 24, seed: 20261122 });
      for (const [index, sample] of samples.entries()) {
        const caller = callers[index % callers.length]!;
        const response = await caller.request({
          method: endpoint.method,
          url: sample.url,
          ...(sample.payload !== undefined ? { payload: sample.payload } : {}),
          headers: { 'content-type': sample.contentType ?? 'application/json' },
          // A different address each time, so sign-in rate limits do not hide what validation says.
          remoteAddress: nextAddress(),
        });
        expectClientError(
          `${endpoint.method} ${sample.url} ${sample.contentType ?? ''} ${String(sample.payload).slice(0, 80)}`,
          response.statusCode,
          response.body,
        );
      }
    }

    // Oversized bodies are refused before they are read.
    for (const endpoint of endpoints.filter((each) => each.method !== 'GET')) {
      const response = await callers[3]!.request({
        method: endpoint.method,
        url: urlFor(endpoint, '1'),
        payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextAddress(),
      });
      expectClientError(
        `${endpoint.method} ${endpoint.path} with a 1.1 MB body`,
        response.statusCode,
        response.body,
      );
      if (response.statusCode !== 413)
        failures.push(
          `${endpoint.path}: oversized body answered ${response.statusCode}, expected 413`,
        );
    }

    expect(failures).toEqual([]);
    expect(fuzzed).toBeGreaterThan(3);
    expect(requests).toBeGreaterThanOrEqual(fuzzed * 24);
    expect(await databaseFingerprint(ctx.db)).toBe(before);
    expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
  }, 240_000);

  it('answers a PATCH that sets nothing with 200 unchanged or a clear 4xx, never a 5xx', async () => {
    const patches = endpoints.filter((endpoint) => endpoint.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(1);
    const failures: string[] = [];
    for (const endpoint of patches) {
      // Id 1 is a row of the demo data, so the organizer's patch reaches the write itself.
      const url = urlFor(endpoint, '1');
      const send = (caller: TestClient, body: unknown) =>
        caller.request({
          method: 'PATCH',
          url,
          payload: body as object,
          remoteAddress: nextAddress(),
        });
      const before = await databaseFingerprint(ctx.db);
      for (const body of [{}, { unknown: 'x', nested: { deeper: true } }]) {
        for (const [index, caller] of callers.entries()) {
          const response = await send(caller, body);
          // The organizer gets the row back unchanged; everyone else a 401 or 403.
          const answered = index === callers.length - 1 ? [200] : [401, 403];
          if (!answered.includes(response.statusCode))
            failures.push(
              `${url} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
            );
        }
      }
      expect(await databaseFingerprint(ctx.db), `${url} with nothing to set`).toBe(before);

      // Each text field emptied: a value that means "none", or a clear 400.
      const schema = endpoint.operation.requestBody!.content['application/json']!.schema;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!typesOf(property).includes('string')) continue;
        const response = await send(callers.at(-1)!, { [name]: '' });
        const message = response.statusCode >= 400 ? response.json<{ message?: unknown }>() : {};
        if (response.statusCode >= 500 || (response.statusCode >= 400 && !('message' in message)))
          failures.push(`${url} {"${name}":""} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses U+0000 in every string the API accepts with a 400 naming the field', async () => {
    const before = await databaseFingerprint(ctx.db);
    const failures: string[] = [];
    let fields = 0;
    const withNul = 'caf\u0000e';
    for (const endpoint of endpoints) {
      const schema = endpoint.operation.requestBody?.content['application/json']?.schema;
      const base = schema ? (plausible(schema) as Record<string, unknown>) : undefined;
      const bodyFields = Object.entries(schema?.properties ?? {})
        .filter(([, property]) => typesOf(property).includes('string'))
        .map(([name]) => ({
          name,
          url: wellFormedUrlFor(endpoint),
          payload: JSON.stringify({ ...base, [name]: withNul }),
        }));
      const queryFields = (endpoint.operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map(({ name }) => ({
          name,
          url: wellFormedUrlFor(endpoint, `?${name}=${encodeURIComponent(withNul)}`),
          payload: undefined,
        }));
      for (const field of [...bodyFields, ...queryFields]) {
        fields += 1;
        // Every kind of caller: the field is refused for whoever may reach the route, and nobody
        // gets a 5xx (anonymous sign-in and registration included).
        const answers = [];
        for (const caller of callers) {
          const response = await caller.request({
            method: endpoint.method,
            url: field.url,
            ...(field.payload !== undefined ? { payload: field.payload } : {}),
            headers: { 'content-type': 'application/json' },
            remoteAddress: nextAddress(),
          });
          answers.push(response);
        }
        const label = `${endpoint.method} ${endpoint.path} ${field.name}`;
        for (const response of answers)
          if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode}`);
        const named = answers.some((response) => {
          if (response.statusCode !== 400) return false;
          const body = response.json<{ message: string; errors?: { path: string }[] }>();
          return body.errors?.[0]?.path === field.name && body.message.includes(field.name);
        });
        if (!named)
          failures.push(`${label} → ${answers.map((response) => response.statusCode).join(',')}`);
      }
    }
    expect(failures).toEqual([]);
    // Register and login usernames, the organizer's fields and the query strings at least.
    expect(fields).toBeGreaterThan(40);
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  }, 240_000);

  it('answers odd but well-formed text (unicode, control characters, huge numbers) without a 5xx', async () => {
    const weird = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('\u0000\u0001', '💥'.repeat(30), 'Ω≈ç√', '\u202Eevil', ' '.repeat(10)),
    );
    const failures: string[] = [];
    for (const endpoint of endpoints.filter((each) => each.operation.requestBody)) {
      const schema = endpoint.operation.requestBody!.content['application/json']!.schema;
      const base = plausible(schema) as Record<string, unknown>;
      const strings = Object.entries(schema.properties ?? {}).filter(([, property]) =>
        typesOf(property).includes('string'),
      );
      if (strings.length === 0) continue;
      for (const text of fc.sample(weird, { numRuns: 12, seed: 7 })) {
        const body = Object.fromEntries(
          Object.entries(base).map(([key, value]) => [
            key,
            strings.some(([name]) => name === key) ? text : value,
          ]),
        );
        const response = await callers[3]!.request({
          method: endpoint.method,
          url: urlFor(endpoint, '1'),
          payload: body,
          remoteAddress: nextAddress(),
        });
        if (response.statusCode >= 500)
          failures.push(`${endpoint.path} ${JSON.stringify(text)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
  }, 240_000);
});
