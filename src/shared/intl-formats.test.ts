import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

describe('kept Intl formatters', () => {
  it('builds one formatter per locale and options, and formats as Intl does', () => {
    const options = { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' } as const;
    const first = dateTimeFormat('en-US', options);
    expect(dateTimeFormat('en-US', { ...options })).toBe(first);
    expect(dateTimeFormat('es-US', options)).not.toBe(first);
    expect(dateTimeFormat('en-US', { ...options, timeZone: 'Europe/Madrid' })).not.toBe(first);
    const instant = new Date('2026-07-01T14:05:00Z');
    expect(first.format(instant)).toBe(new Intl.DateTimeFormat('en-US', options).format(instant));
    expect(numberFormat('es-US', { style: 'unit', unit: 'mile' })).toBe(
      numberFormat('es-US', { style: 'unit', unit: 'mile' }),
    );
  });

  it('keeps refusing a time zone Intl does not know', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
