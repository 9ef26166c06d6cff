// @vitest-environment happy-dom
import { useForm, type UseFormReturnType } from '@mantine/form';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Translations } from '#shared/translations.ts';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';
import { contentTextPath, contentTextProps } from './content-text-props.ts';

interface Values {
  name: string;
  description: string;
  translations: Translations<'name' | 'description'>;
}

const view = reactRootPerTest();

/** A real Mantine form, as the organizer's forms hold their texts. */
function formOf(initialValues: Values): () => UseFormReturnType<Values> {
  let form: UseFormReturnType<Values> | undefined;
  function Holder() {
    form = useForm<Values>({ initialValues });
    return null;
  }
  act(() => view.root.render(<Holder />));
  return () => form!;
}

describe('contentTextProps', () => {
  it("reads the content language's own field and another language's translation, empty until written", () => {
    const form = formOf({
      name: 'Bean There',
      description: 'Coffee',
      translations: { es: { name: 'Grano Allí' } },
    });
    expect(contentTextProps(form(), 'name', 'en', 'en').value).toBe('Bean There');
    expect(contentTextProps(form(), 'name', 'es', 'en').value).toBe('Grano Allí');
    expect(contentTextProps(form(), 'description', 'es', 'en').value).toBe('');
    expect(contentTextProps(form(), 'name', 'fr', 'en').value).toBe('');
    // With Spanish the main language, its texts are the form's own fields.
    expect(contentTextProps(form(), 'name', 'es', 'es').value).toBe('Bean There');
  });

  it('writes an input event or the text itself where the language keeps it', () => {
    const form = formOf({ name: '', description: '', translations: {} });
    act(() =>
      contentTextProps(form(), 'name', 'es', 'en').onChange({
        currentTarget: { value: 'Café Uno' },
      }),
    );
    act(() => contentTextProps(form(), 'description', 'es', 'en').onChange('<p>Rico</p>'));
    act(() => contentTextProps(form(), 'name', 'en', 'en').onChange('Cafe One'));
    expect(form().values).toEqual({
      name: 'Cafe One',
      description: '',
      translations: { es: { name: 'Café Uno', description: '<p>Rico</p>' } },
    });
  });

  it("shows the error of the language's own path", () => {
    const form = formOf({ name: '', description: '', translations: {} });
    act(() => form().setFieldError('translations.es.name', 'Business name is too long'));
    expect(contentTextProps(form(), 'name', 'es', 'en').error).toBe('Business name is too long');
    expect(contentTextProps(form(), 'name', 'en', 'en').error).toBeUndefined();
  });
});

describe('contentTextPath', () => {
  it('is the field in the content language and its translation in another', () => {
    expect(contentTextPath('name', 'en', 'en')).toBe('name');
    expect(contentTextPath('name', 'es', 'en')).toBe('translations.es.name');
  });
});
