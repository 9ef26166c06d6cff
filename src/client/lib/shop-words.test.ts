import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '#client/i18n/catalogs.ts';
import { codeChangesAt } from './shop-words.ts';

const inSpanish = createIntl({
  locale: 'es-US',
  defaultLocale: 'en-US',
  messages: await loadCatalog('es'),
});

describe('codeChangesAt', () => {
  const validUntil = '2026-11-23T06:00:00.000Z';

  it('says when a rotating code changes: the date for a daily code, the time for an hourly one', () => {
    expect(codeChangesAt({ code: '1234', rotation: 'daily', validUntil }, 'America/Chicago')).toBe(
      'Changes at Nov 23, 12:00 AM',
    );
    expect(codeChangesAt({ code: '1234', rotation: 'hourly', validUntil }, 'America/Chicago')).toBe(
      'Changes at 12:00 AM',
    );
    expect(codeChangesAt({ code: '1234', rotation: 'off', validUntil: null }, 'UTC')).toBeNull();
  });

  it("says it in the page's language, with that language's dates", () => {
    expect(
      codeChangesAt({ code: '1234', rotation: 'daily', validUntil }, 'America/Chicago', inSpanish),
    ).toBe('Próximo cambio: 23 nov, 12:00 a.m.');
    expect(
      codeChangesAt({ code: '1234', rotation: 'hourly', validUntil }, 'America/Chicago', inSpanish),
    ).toBe('Próximo cambio: 12:00 a.m.');
  });
});
