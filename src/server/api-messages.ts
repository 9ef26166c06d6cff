import fs from 'node:fs';
import path from 'node:path';
import { localeOf, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { formatInstant } from '#shared/date-range.ts';
import type { SaidSentence } from './errors.ts';
import { projectRoot } from './project-root.ts';
import { messageFinder, PLACEHOLDER, type FoundMessage } from '#shared/message-patterns.ts';

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

type Translate = (english: string) => FoundMessage<string> | undefined;

const catalogs = new Map<string, Translate | null>();

function catalogIn(language: string): Translate | null {
  if (!catalogs.has(language)) {
    const file = path.join(API_CATALOG_DIR, `${language}.json`);
    catalogs.set(
      language,
      fs.existsSync(file)
        ? messageFinder(
            Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>),
          )
        : null,
    );
  }
  return catalogs.get(language)!;
}

/**
 * An English message of the API in `language`: its translation, with each placeholder's value
 * (itself translated when it is a message too, e.g. 'Line 3: Title is required', or taken from
 * `written`: values already written in the language, such as a date); the English unchanged when
 * the language is English or the catalog does not know it.
 */
export function apiMessageIn(
  english: string,
  language: string,
  written: Record<string, string> = {},
): string {
  if (language === SOURCE_LANGUAGE) return english;
  const found = catalogIn(language)?.(english);
  if (!found) return english;
  return found.entry.replace(PLACEHOLDER, (whole, name: string) => {
    const value = written[name] ?? found.values[name];
    if (value === undefined) return whole;
    return name in written ? value : apiMessageIn(value, language, written);
  });
}

/**
 * A sentence an answer says (`saying`, AppError) in `language`: its dates written in the
 * language's locale and the organizer's texts it names as they were written there.
 */
export function sentenceIn({ message, instants, texts }: SaidSentence, language: string): string {
  if (language === SOURCE_LANGUAGE) return message;
  const written: Record<string, string> = {};
  for (const [name, { at, timeZone }] of Object.entries(instants))
    written[name] = formatInstant(at, timeZone, { locale: localeOf(language) });
  for (const [name, perLanguage] of Object.entries(texts)) {
    const text = perLanguage[language];
    if (text) written[name] = text;
  }
  return apiMessageIn(message, language, written);
}
