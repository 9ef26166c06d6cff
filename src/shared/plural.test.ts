import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('uses the singular for one only', () => {
    expect(countOf(1, 'vote')).toBe('1 vote');
    expect(countOf(0, 'vote')).toBe('0 votes');
    expect(countOf(2, 'coupon')).toBe('2 coupons');
    expect(countOf(1, 'business', 'businesses')).toBe('1 business');
    expect(countOf(3, 'business', 'businesses')).toBe('3 businesses');
  });
});
