import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** docs/decisions/0048-languages.md: a page in another language shows none of the catalog's English. */

const catalog = (language: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../../src/client/i18n/lang/${language}.json`),
      'utf8',
    ),
  ) as Record<string, string>;
const english = catalog('en');
const spanish = catalog('es');

/**
 * The catalog's whole English messages (no placeholders) of more than one word that Spanish says
 * otherwise. A single word ('Pass', 'Shop') may stand in the organizer's own English content (a
 * battle's title or description), which a Spanish page shows as it was written: the pages' own
 * checks name their single-word labels.
 */
const englishWords = Object.entries(english)
  .filter(([id, text]) => text !== spanish[id] && !text.includes('{') && /\s/.test(text.trim()))
  .map(([, text]) => text);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Fails on any English message of the catalog standing whole in the page's text, or in `within`'s
 * only, for a page whose other parts are not yet translated.
 */
export async function expectNoEnglishCatalogText(page: Page, within?: Locator) {
  const text = await (within ?? page.locator('body')).innerText();
  const found = englishWords.filter((words) =>
    new RegExp(`(^|[^\\p{L}])${escapeRegExp(words)}($|[^\\p{L}])`, 'u').test(text),
  );
  expect(found, 'English words on a Spanish page').toEqual([]);
}
