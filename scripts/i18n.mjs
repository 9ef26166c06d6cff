// The message catalogs (docs/decisions/0048-languages.md), with FormatJS's own command line:
//   node scripts/i18n.mjs extract   the English catalog (lang/en.json) from the code's defaultMessages
//   node scripts/i18n.mjs compile   every other catalog compiled for the app (compiled/<language>.json)
//   node scripts/i18n.mjs check     fails on a message the code uses that a catalog lacks, a catalog
//                                   message the code no longer uses, a translation whose
//                                   placeholders differ, and a compiled catalog out of date
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// I18N_CATALOGS: another folder of lang/ and compiled/ (tests/lint/i18n-check.test.ts checks a copy).
const catalogsDir = process.env.I18N_CATALOGS ?? path.join(root, 'src/client/i18n');
const langDir = path.join(catalogsDir, 'lang');
const compiledDir = path.join(catalogsDir, 'compiled');
const SOURCE = 'en';
const formatjs = (...args) =>
  execFileSync(path.join(root, 'node_modules/.bin/formatjs'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const sorted = (messages) =>
  Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
const jsonText = (value) => `${JSON.stringify(value, null, 2)}\n`;
const translations = () =>
  fs
    .readdirSync(langDir)
    .filter((file) => file.endsWith('.json') && file !== `${SOURCE}.json`)
    .map((file) => file.slice(0, -'.json'.length));

/** The messages the code uses, by id, in English. */
function extracted() {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-')), 'en.json');
  formatjs(
    'extract',
    'src/**/*.{ts,tsx}',
    '--ignore',
    'src/**/*.test.{ts,tsx}',
    'src/**/*.d.ts',
    '--format',
    'simple',
    '--throws',
    '--out-file',
    out,
  );
  return sorted(readJson(out));
}

/** One catalog compiled to the syntax trees react-intl reads without its parser's work. */
function compiled(language) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-')), `${language}.json`);
  formatjs(
    'compile',
    path.join(langDir, `${language}.json`),
    '--format',
    'simple',
    '--ast',
    '--out-file',
    out,
  );
  return jsonText(sorted(readJson(out)));
}

const command = process.argv[2];
if (command === 'extract') {
  fs.writeFileSync(path.join(langDir, `${SOURCE}.json`), jsonText(extracted()));
} else if (command === 'compile') {
  fs.mkdirSync(compiledDir, { recursive: true });
  for (const language of translations()) {
    fs.writeFileSync(path.join(compiledDir, `${language}.json`), compiled(language));
  }
} else if (command === 'check') {
  const problems = [];
  const code = extracted();
  const ids = Object.keys(code);
  const source = readJson(path.join(langDir, `${SOURCE}.json`));
  if (jsonText(sorted(source)) !== jsonText(code)) {
    problems.push(
      `lang/${SOURCE}.json differs from the code's messages: run node scripts/i18n.mjs extract`,
    );
  }
  for (const language of translations()) {
    const catalog = readJson(path.join(langDir, `${language}.json`));
    const missing = ids.filter((id) => !(id in catalog));
    const unused = Object.keys(catalog).filter((id) => !(id in code));
    if (missing.length > 0) problems.push(`lang/${language}.json lacks ${missing.join(', ')}`);
    if (unused.length > 0) problems.push(`lang/${language}.json has unused ${unused.join(', ')}`);
    const compiledFile = path.join(compiledDir, `${language}.json`);
    if (
      !fs.existsSync(compiledFile) ||
      fs.readFileSync(compiledFile, 'utf8') !== compiled(language)
    ) {
      problems.push(`compiled/${language}.json is out of date: run node scripts/i18n.mjs compile`);
    }
  }
  // Each translation has its English message's placeholders, plurals and tags.
  try {
    formatjs(
      'verify',
      '--source-locale',
      SOURCE,
      '--structural-equality',
      path.join(langDir, '*.json'),
    );
  } catch {
    problems.push('a translation differs from its English message in structure (see above)');
  }
  if (problems.length > 0) {
    console.error(`Message catalogs (src/client/i18n):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
} else {
  console.error('usage: node scripts/i18n.mjs extract | compile | check');
  process.exit(2);
}
