import { describe, expect, it } from 'vitest';
import { formatDollars } from './money.ts';

describe('formatDollars', () => {
  it('shows whole dollars with a thousands separator', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(5)).toBe('$5');
    expect(formatDollars(1250)).toBe('$1,250');
  });
});
