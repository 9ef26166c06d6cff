import fs from 'node:fs';
import path from 'node:path';
import { createIntl, type IntlShape } from 'react-intl/server';
import { localeOf, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { projectRoot } from '../project-root.ts';

const intls = new Map<string, IntlShape>();

/**
 * The words the server writes itself (a document's title, description and link preview) in a
 * language: the web app's compiled catalog (src/client/i18n/compiled, docs/decisions/0048), read
 * once per language; English is the code's own words.
 */
export function pageIntl(language: string): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    const file = path.join(projectRoot, 'src/client/i18n/compiled', `${language}.json`);
    const messages =
      language !== SOURCE_LANGUAGE && fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as IntlShape['messages'])
        : {};
    intl = createIntl({
      locale: localeOf(language),
      defaultLocale: localeOf(SOURCE_LANGUAGE),
      messages,
    });
    intls.set(language, intl);
  }
  return intl;
}
