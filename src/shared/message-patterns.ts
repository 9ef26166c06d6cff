/**
 * Messages keyed by their English, found again in the English the code said
 * (docs/decisions/0049-api-and-mail-languages.md): a message built from values is written with
 * placeholders named after them, `{shopName} is temporarily not accepting coupons.`, and matches
 * `Beans & Co is temporarily not accepting coupons.` with `shopName` = 'Beans & Co'. The API's
 * catalogs (src/server/api-messages.ts) and the web app's words for the shared schemas' messages
 * (#client/i18n/schema-messages.ts) both look their messages up here.
 */
export const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface FoundMessage<Entry> {
  entry: Entry;
  /** Each placeholder's value in the English that was said. */
  values: Record<string, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A lookup of English text among `entries` (English message or pattern → entry): an exact message
 * first, else the most specific pattern (the longest fixed text) that matches. The patterns
 * compile at the first lookup, not when the lookup is made: the web app makes one while its code
 * starts on a phone, and only a form showing a message reads it (docs/decisions/0054).
 */
export function messageFinder<Entry>(
  entries: Iterable<readonly [string, Entry]>,
): (english: string) => FoundMessage<Entry> | undefined {
  let compiled: ReturnType<typeof compile<Entry>> | undefined;
  return (english) => {
    compiled ??= compile(entries);
    const { exact, patterns } = compiled;
    const found = exact.get(english);
    if (found !== undefined) return { entry: found, values: {} };
    for (const { match, names, entry } of patterns) {
      const matched = match.exec(english);
      if (matched) {
        return {
          entry,
          values: Object.fromEntries(names.map((name, index) => [name, matched[index + 1]!])),
        };
      }
    }
    return undefined;
  };
}

/** The exact messages by their English, and the patterns as expressions, most specific first. */
function compile<Entry>(entries: Iterable<readonly [string, Entry]>) {
  const exact = new Map<string, Entry>();
  const patterns: { match: RegExp; names: string[]; entry: Entry; fixed: number }[] = [];
  for (const [english, entry] of entries) {
    const names = [...english.matchAll(PLACEHOLDER)].map((found) => found[1]!);
    if (names.length === 0) {
      exact.set(english, entry);
      continue;
    }
    const parts = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
    patterns.push({
      match: new RegExp(`^${parts.map(escape).join('(.+?)')}$`, 's'),
      names,
      entry,
      fixed: parts.join('').length,
    });
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  return { exact, patterns };
}
