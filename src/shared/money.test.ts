import { describe, expect, it } from 'vitest';
import { formatMoney, passWorthDollars } from './money.ts';

describe('formatMoney', () => {
  it('shows whole dollars with a thousands separator and no cents', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(5)).toBe('$5');
    expect(formatMoney(1250)).toBe('$1,250');
  });

  it('shows cents when the amount has them, or when asked', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(25, { cents: true })).toBe('$25.00');
  });

  it('writes dollars exactly as Intl does, without asking it', () => {
    const intl = (amount: number, digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(amount);
    for (const amount of [0, 0.5, 1, 9.99, 12.345, 999, 1000, 1234567.891, -5, -1250.5, -0.001]) {
      expect(formatMoney(amount)).toBe(intl(amount, Number.isInteger(amount) ? 0 : 2));
      expect(formatMoney(amount, { cents: true })).toBe(intl(amount, 2));
    }
  });

  it('uses the currency given, in any case', () => {
    expect(formatMoney(25, { currency: 'eur', cents: true })).toBe('€25.00');
    expect(formatMoney(25, { currency: 'USD' })).toBe('$25');
  });
});

describe('passWorthDollars (docs/RULES.md rule 21)', () => {
  it('is a coupon at every live shop', () => {
    expect(passWorthDollars(8)).toBe(40);
    expect(passWorthDollars(9)).toBe(45);
    expect(passWorthDollars(0)).toBe(0);
  });
});
