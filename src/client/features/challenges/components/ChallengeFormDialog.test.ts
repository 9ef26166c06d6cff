import { describe, expect, it } from 'vitest';
import { toChallengeInput, withContentLanguage } from './ChallengeFormDialog.tsx';
import { challengeFormValues } from '#tests/helpers/challenge-form.ts';

const values = challengeFormValues({
  title: 'Ice Cream Battle',
  description: 'Scoops all month',
  theme: 'ice-cream',
  themeLabel: 'Gelato',
  translations: { es: { title: 'Batalla del helado', themeLabel: 'helado' } },
});

describe('the challenge form’s theme label', () => {
  it('stays in the language it was written in when the main language changes', () => {
    const spanish = withContentLanguage(values, 'es');
    expect(spanish).toMatchObject({
      contentLanguage: 'es',
      title: 'Batalla del helado',
      description: '',
      themeLabel: 'helado',
      translations: {
        en: { title: 'Ice Cream Battle', description: 'Scoops all month', themeLabel: 'Gelato' },
      },
    });
    expect(spanish.translations).not.toHaveProperty('es');
    // A language without a label of its own gets an empty one: the theme's words.
    expect(withContentLanguage({ ...values, translations: {} }, 'es').themeLabel).toBe('');
  });

  it('sends an empty label as none, so the theme’s words show', () => {
    expect(toChallengeInput(values).themeLabel).toBe('Gelato');
    expect(toChallengeInput({ ...values, themeLabel: '  ' }).themeLabel).toBeNull();
  });
});
