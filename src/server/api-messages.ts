import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_LANGUAGE } from '#shared/languages.ts';
import { projectRoot } from './project-root.ts';

/**
 * The API's words in another language (docs/decisions/0049-api-and-mail-languages.md). The code
 * says them in English, the spec's words, as before; src/server/i18n/api/<language>.json gives
 * each English message its translation, keyed by the English itself, with a message the code
 * builds from values written with placeholders: `{shopName} is temporarily not accepting
 * coupons.` → `{shopName} no está aceptando cupones por ahora.`. `npm run i18n:check`
 * (scripts/api-messages.mjs) finds every message the code can answer with and fails on one a
 * catalog lacks.
 */
export const API_CATALOG_DIR = path.join(projectRoot, 'src/server/i18n/api');

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

interface Pattern {
  match: RegExp;
  names: string[];
  translation: string;
}

interface Catalog {
  exact: Map<string, string>;
  /** Messages with placeholders, the most specific (longest fixed text) first. */
  patterns: Pattern[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function catalogOf(messages: Record<string, string>): Catalog {
  const exact = new Map<string, string>();
  const patterns: (Pattern & { fixed: number })[] = [];
  for (const [english, translation] of Object.entries(messages)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((found) => found[1]!);
    if (names.length === 0) {
      exact.set(english, translation);
      continue;
    }
    const parts = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
    patterns.push({
      match: new RegExp(`^${parts.map(escape).join('(.+?)')}$`, 's'),
      names,
      translation,
      fixed: parts.join('').length,
    });
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  return { exact, patterns };
}

const catalogs = new Map<string, Catalog | null>();

function catalogIn(language: string): Catalog | null {
  if (!catalogs.has(language)) {
    const file = path.join(API_CATALOG_DIR, `${language}.json`);
    catalogs.set(
      language,
      fs.existsSync(file)
        ? catalogOf(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
        : null,
    );
  }
  return catalogs.get(language)!;
}

/**
 * An English message of the API in `language`: its translation, with each placeholder's value
 * (itself translated when it is a message too, e.g. 'Line 3: Title is required'); the English
 * unchanged when the language is English or the catalog does not know it.
 */
export function apiMessageIn(english: string, language: string): string {
  if (language === SOURCE_LANGUAGE) return english;
  const catalog = catalogIn(language);
  if (!catalog) return english;
  const exact = catalog.exact.get(english);
  if (exact !== undefined) return exact;
  for (const { match, names, translation } of catalog.patterns) {
    const found = match.exec(english);
    if (!found) continue;
    const values = new Map(
      names.map((name, index) => [name, apiMessageIn(found[index + 1]!, language)]),
    );
    return translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return english;
}
