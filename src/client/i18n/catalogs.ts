import type { MessageFormatElement } from 'react-intl';
import { SOURCE_LANGUAGE } from '#shared/languages.ts';

/** A language's messages by id, compiled to ICU syntax trees by `npm run i18n:compile`. */
export type Catalog = Record<string, MessageFormatElement[]>;

/**
 * Each compiled catalog is a chunk of its own (docs/decisions/0048-languages.md): a page loads
 * its language's only. English is the code's own `defaultMessage`s, so it loads none.
 */
const compiled = import.meta.glob<Catalog>('./compiled/*.json', { import: 'default' });
const loaded = new Map<string, Catalog>([[SOURCE_LANGUAGE, {}]]);

/** The language's catalog; an unknown language gets the code's own (English) words. */
export async function loadCatalog(language: string): Promise<Catalog> {
  const known = loaded.get(language);
  if (known) return known;
  const load = compiled[`./compiled/${language}.json`];
  const catalog = load ? await load() : {};
  loaded.set(language, catalog);
  return catalog;
}
