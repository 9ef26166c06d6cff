import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalog } from '#client/i18n/catalogs.ts';
import { loginBodySchema, newPasswordFormSchema } from '#shared/auth.ts';
import { sendClaimSchema } from '#shared/claims.ts';
import { formMessages } from '#client/i18n/schema-messages.ts';
import { speakValidationIn, zodResolver } from './schema-resolver.ts';

/**
 * The forms' validation in the page's language (docs/decisions/0049-api-and-mail-languages.md):
 * the shared schemas' English on English pages, their Spanish on Spanish ones, values included.
 */
const spanish = createIntl({
  locale: 'es-US',
  defaultLocale: 'en-US',
  messages: await loadCatalog('es'),
});

afterEach(() => speakValidationIn(null));

describe('zodResolver', () => {
  it("speaks the schemas' own English until a page gives it its words", () => {
    expect(zodResolver(loginBodySchema)({ username: '', password: '' })).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it("speaks the page's language, with the values a message was built from", () => {
    speakValidationIn(spanish);
    expect(zodResolver(loginBodySchema)({ username: '', password: '' })).toEqual({
      username: 'El nombre de usuario debe tener al menos 3 caracteres',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(
      zodResolver(newPasswordFormSchema)({ password: 'password123', confirmPassword: 'other' }),
    ).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
    expect(
      zodResolver(sendClaimSchema)({ email: 'friend@example.com', note: 'x'.repeat(501) }),
    ).toEqual({ note: 'Una nota de regalo puede tener como máximo 500 caracteres.' });
  });

  it("speaks zod's own English, where a form's schema gives no words, in the page's language", () => {
    const bare = z.object({ name: z.string(), count: z.number().max(3) });
    expect(zodResolver(bare)({ count: 4 })).toEqual({
      name: 'Invalid input: expected string, received undefined',
      count: 'Too big: expected number to be <=3',
    });
    speakValidationIn(spanish);
    expect(zodResolver(bare)({ count: 4 })).toEqual({
      name: 'Valor no válido: se esperaba un texto y llegó nada',
      count: 'Muy grande: debe ser como máximo 3',
    });
  });

  it("has zod's own English in the API catalog's Spanish", () => {
    const catalog = (file: string) =>
      JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
    const api = catalog('../../server/i18n/api/es.json');
    const web = catalog('../i18n/lang/es.json');
    const zods = Object.values(formMessages).filter((one) => one.id.startsWith('form.zod.'));
    expect(zods.length).toBeGreaterThan(20);
    expect(zods.filter((message) => web[message.id] !== api[message.defaultMessage])).toEqual([]);
  });

  it('leaves words it does not know as they are', () => {
    speakValidationIn(spanish);
    const own = z.object({ name: z.string().min(1, 'A word of the form itself') });
    expect(zodResolver(own)({ name: '' })).toEqual({ name: 'A word of the form itself' });
  });
});
