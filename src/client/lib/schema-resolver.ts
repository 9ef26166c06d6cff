import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import type { IntlShape } from 'react-intl';
import type { z } from 'zod';
import { schemaMessageIn } from '#client/i18n/schema-messages.ts';

/**
 * The page's words for the shared schemas' messages, set once per document by main.tsx: a page
 * keeps its language for its whole life (the language switch loads the other language's page),
 * and Mantine calls a form's validation with its values only. Unset, the schemas' own English.
 */
let pageIntl: IntlShape | null = null;

export function speakValidationIn(intl: IntlShape | null): void {
  pageIntl = intl;
}

/**
 * Validates a Mantine form with a shared zod schema (zod 4 is a Standard Schema): each issue
 * becomes the error of the field at its path, first issue per field wins, in the page's language
 * (docs/decisions/0049-api-and-mail-languages.md).
 */
export function zodResolver(schema: z.ZodType): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors = resolve(values);
    const intl = pageIntl;
    if (!intl) return errors;
    return Object.fromEntries(
      Object.entries(errors).map(([path, error]) => [
        path,
        typeof error === 'string' ? schemaMessageIn(intl, error) : error,
      ]),
    );
  };
}
