import fs from 'node:fs';
import { createIntl, type MessageFormatElement } from 'react-intl';

/**
 * The Spanish catalog as a Spanish page gets it (compiled by `npm run i18n:compile`), for tests
 * of words written outside components in both languages (docs/decisions/0048-languages.md).
 */
export const inSpanish = createIntl({
  locale: 'es-US',
  defaultLocale: 'en-US',
  messages: JSON.parse(
    fs.readFileSync(new URL('../../src/client/i18n/compiled/es.json', import.meta.url), 'utf8'),
  ) as Record<string, MessageFormatElement[]>,
});
