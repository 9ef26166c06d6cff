import { describe, expect, it } from 'vitest';
import { checkHours, HOURS_MESSAGE } from './businesses.ts';

describe('checkHours: the opening-hours rule', () => {
  it('keeps an object of labels to time ranges as compact JSON', () => {
    expect(checkHours('{\n  "Monday - Friday": "6:30am - 8:00pm"\n}')).toEqual({
      valid: true,
      stored: '{"Monday - Friday":"6:30am - 8:00pm"}',
    });
  });

  it('stores an empty object as no hours', () => {
    expect(checkHours('{}')).toEqual({ valid: true, stored: null });
  });

  it('refuses anything else with one message', () => {
    for (const bad of [
      '9-5',
      '["9-5"]',
      '{"Mon": 9}',
      '{"": "9-5"}',
      '{" ": "9-5"}',
      'null',
      '"x"',
    ]) {
      expect(checkHours(bad)).toEqual({ valid: false, message: HOURS_MESSAGE });
    }
  });
});
