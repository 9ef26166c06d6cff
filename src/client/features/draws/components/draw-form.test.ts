import { afterEach, describe, expect, it } from 'vitest';
import { speakValidationIn, zodResolver } from '#client/lib/schema-resolver.ts';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';
import { drawFormSchema, toDrawInput } from './draw-form-schema.ts';

const valid = {
  prize: 'Mug',
  winnerCount: 1,
  mode: 'passes',
  minimumShops: 4,
  translations: { es: { prize: 'Taza' } },
} as const;

afterEach(() => speakValidationIn(null));

describe('the draw form', () => {
  it('says its own number-of-shops message in the page’s language', () => {
    const shops = { ...valid, mode: 'shops', minimumShops: 0 } as const;
    expect(zodResolver(drawFormSchema)(shops)).toEqual({
      minimumShops: 'Shops must be a whole number from 1 to 1000',
    });
    speakValidationIn(inSpanish);
    expect(zodResolver(drawFormSchema)(shops)).toEqual({
      minimumShops: 'Los locales deben ser un número entero de 1 a 1000',
    });
  });

  it("shows the contract's messages, an empty number among them", () => {
    expect(zodResolver(drawFormSchema)({ ...valid, prize: ' ', winnerCount: '' })).toEqual({
      prize: 'Prize is required',
      winnerCount: 'Winner count must be a whole number',
    });
    expect(zodResolver(drawFormSchema)({ ...valid, winnerCount: 0 })).toEqual({
      winnerCount: 'Winner count must be at least 1',
    });
  });

  it("checks the number of shops only for 'passes with at least N shops'", () => {
    expect(zodResolver(drawFormSchema)({ ...valid, minimumShops: '' })).toEqual({});
    for (const minimumShops of ['', 0, 2.5, 1001])
      expect(zodResolver(drawFormSchema)({ ...valid, mode: 'shops', minimumShops })).toEqual({
        minimumShops: 'Shops must be a whole number from 1 to 1000',
      });
    expect(toDrawInput({ ...valid, mode: 'shops', minimumShops: 4 })).toEqual({
      prize: 'Mug',
      winnerCount: 1,
      entries: 'shops>=4',
      translations: { es: { prize: 'Taza' } },
    });
    expect(toDrawInput({ ...valid, mode: 'coupons' }).entries).toBe('coupons');
  });
});
