import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the project, without types
import { apiCatalogProblems, apiMessages } from '../../scripts/api-messages.mjs';

/**
 * The API's translations (scripts/api-messages.mjs, docs/decisions/0049-api-and-mail-languages.md):
 * every English message the code answers with has its Spanish, and the check names a message a
 * catalog lacks, one the code no longer has and a translation whose placeholders differ.
 */
const root = path.resolve(import.meta.dirname, '../..');
type Scanned = { messages: Map<string, string>; unfollowed: string[] };
let scanned: Scanned;
let copy = '';

beforeAll(() => {
  scanned = apiMessages() as Scanned;
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-api-messages-'));
}, 120_000);
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

const spanish = () =>
  JSON.parse(fs.readFileSync(path.join(root, 'src/server/i18n/api/es.json'), 'utf8')) as Record<
    string,
    string
  >;

describe('the API catalog check', () => {
  it('finds the messages the screens show, written where they are made', () => {
    expect(scanned.messages.get('Invalid redemption code')).toMatch(
      /^src\/shared\/redemption\.ts:\d+$/,
    );
    expect(scanned.messages.has('You must be signed in.')).toBe(true);
    expect(scanned.messages.has('Username must be at least 3 characters')).toBe(true);
    expect(scanned.messages.has('{shopName} is temporarily not accepting coupons.')).toBe(true);
    expect(scanned.unfollowed).toEqual([]);
  });

  it("passes on the project's catalogs", () => {
    expect(apiCatalogProblems(undefined, scanned)).toEqual([]);
  });

  it('fails on a missing message, an unused one and different placeholders', () => {
    const messages = spanish();
    delete messages['Invalid redemption code'];
    messages['A message the code no longer says'] = 'Un mensaje';
    messages['{shopName} is temporarily not accepting coupons.'] =
      '{local} no está aceptando cupones por ahora.';
    fs.writeFileSync(path.join(copy, 'es.json'), JSON.stringify(messages));
    const problems = apiCatalogProblems(copy, scanned) as string[];
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^api\/es\.json lacks "Invalid redemption code" \(src\/shared\/redemption\.ts:\d+\)$/,
    );
    expect(problems).toContain('api/es.json has unused "A message the code no longer says"');
    expect(problems).toContain(
      'api/es.json: the placeholders of "{shopName} is temporarily not accepting coupons." differ',
    );
  });
});

describe("the web app's words for the shared messages", () => {
  it('has every message of src/shared, in the words of the API catalog', async () => {
    const { schemaMessages } = await import('#client/i18n/schema-messages.ts');
    const shared = [...scanned.messages]
      .filter(([, at]) => at.startsWith('src/shared/'))
      .map(([text]) => text)
      .sort();
    const descriptors = Object.values(schemaMessages);
    expect(descriptors.map((message) => message.defaultMessage).sort()).toEqual(shared);
    const web = JSON.parse(
      fs.readFileSync(path.join(root, 'src/client/i18n/lang/es.json'), 'utf8'),
    ) as Record<string, string>;
    const api = spanish();
    const differing = descriptors.filter(
      (message) => web[message.id] !== api[message.defaultMessage],
    );
    expect(differing).toEqual([]);
  });
});
