import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `npm run i18n:check` (scripts/i18n.mjs, docs/decisions/0048-languages.md) on a copy of the
 * catalogs: it passes on the project's own, and fails, naming the problem, when a catalog lacks a
 * message the code uses or its compiled form is out of date.
 */
const root = path.resolve(import.meta.dirname, '../..');
let copy = '';

beforeEach(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-i18n-'));
  fs.cpSync(path.join(root, 'src/client/i18n'), copy, { recursive: true });
});
afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

function check() {
  const run = spawnSync(process.execPath, ['scripts/i18n.mjs', 'check'], {
    cwd: root,
    env: { ...process.env, I18N_CATALOGS: copy },
    encoding: 'utf8',
  });
  return { status: run.status, errors: run.stderr };
}

const spanishFile = () => path.join(copy, 'lang/es.json');
const editSpanish = (change: (messages: Record<string, string>) => void) => {
  const messages = JSON.parse(fs.readFileSync(spanishFile(), 'utf8')) as Record<string, string>;
  change(messages);
  fs.writeFileSync(spanishFile(), JSON.stringify(messages, null, 2));
};

describe('npm run i18n:check', () => {
  it("passes on the project's catalogs", () => {
    expect(check()).toEqual({ status: 0, errors: '' });
  }, 30_000);

  it('fails on a message the code uses that the Spanish catalog lacks', () => {
    editSpanish((messages) => {
      delete messages['header.signIn'];
    });
    const { status, errors } = check();
    expect(status).toBe(1);
    expect(errors).toContain('lang/es.json lacks header.signIn');
  }, 30_000);

  it('fails on a translation whose placeholders differ, and on a stale compiled catalog', () => {
    editSpanish((messages) => {
      messages['shopCard.credit'] = 'Crédito de {importe}';
    });
    const { status, errors } = check();
    expect(status).toBe(1);
    expect(errors).toContain('shopCard.credit');
    expect(errors).toContain('compiled/es.json is out of date');
  }, 30_000);
});
