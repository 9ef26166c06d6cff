import type { ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * Where a text of one language tab lives in the form: its own field in the content language,
 * else its translation (docs/decisions/0050-content-languages.md).
 */
export function contentTextPath(field: string, language: string, contentLanguage: string): string {
  return language === contentLanguage ? field : `translations.${language}.${field}`;
}

/**
 * A text field's props in one language tab (ContentLanguageTabs): the form's own field in the
 * content language, else its translation, empty until written. `onChange` takes an input's
 * change event or the text itself (the rich-text editor's).
 */
export function contentTextProps<
  Field extends string,
  Values extends Partial<Record<Field, unknown>> & {
    translations: Record<string, Partial<Record<Field, string | null>>>;
  },
>(
  form: UseFormReturnType<Values>,
  field: Field,
  language: string,
  contentLanguage: string,
): {
  value: string;
  onChange: (change: string | { currentTarget: { value: string } }) => void;
  error?: ReactNode;
} {
  const path = contentTextPath(field, language, contentLanguage);
  const own = language === contentLanguage;
  const value = own ? form.values[field] : form.values.translations[language]?.[field];
  // The path is the form's own text field or a translation's, so what it takes is a text; a
  // language not written yet starts as an object of its own (the form cannot set a path below a
  // missing one).
  const set = form.setFieldValue as (path: string, value: unknown) => void;
  const write = (text: string) => {
    if (own || form.values.translations[language]) set(path, text);
    else set(`translations.${language}`, { [field]: text });
  };
  return {
    value: typeof value === 'string' ? value : '',
    onChange: (change) => write(typeof change === 'string' ? change : change.currentTarget.value),
    error: form.errors[path],
  };
}
