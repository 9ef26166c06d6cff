import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

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

/** The catalog's English messages that Spanish says otherwise, without placeholders. */
const englishWords = Object.entries(english)
  .filter(([id, text]) => text !== spanish[id] && !text.includes('{'))
  .map(([, text]) => text);

/**
 * Fails on any English message of the catalog standing whole in the page's text, or in `within`'s
 * only, for a page whose other parts are not yet translated.
 */
export async function expectNoEnglishCatalogText(page: Page, within?: Locator) {
  const text = await (within ?? page.locator('body')).innerText();
  const found = englishWords.filter((words) =>
    new RegExp(
      `(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`,
      'u',
    ).test(text),
  );
  expect(found, 'English words on a Spanish page').toEqual([]);
}
