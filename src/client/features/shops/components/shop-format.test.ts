import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '#shared/constants.ts';
import { openingHours } from '#shared/hours.ts';
import { websiteHref } from '#client/lib/website.ts';
import { specialtiesOf } from './BusinessDetail.tsx';

describe('shop page formatting (docs/SPEC.md section 2)', () => {
  it('adds https:// to a website without a scheme only', () => {
    expect(websiteHref('cafe.example.com')).toBe('https://cafe.example.com');
    expect(websiteHref('http://cafe.example.com')).toBe('http://cafe.example.com');
    expect(websiteHref('HTTPS://cafe.example.com')).toBe('HTTPS://cafe.example.com');
  });

  it('shows stored hours, else the spec defaults', () => {
    expect(openingHours('{"Daily":"7am - 3pm"}')).toEqual([['Daily', '7am - 3pm']]);
    for (const hours of [null, '', 'not json', '[]', '{}', '{"Daily": 7}']) {
      expect(openingHours(hours)).toEqual(Object.entries(DEFAULT_HOURS));
    }
  });

  it('splits specialties on commas and drops blanks', () => {
    expect(specialtiesOf(' Espresso, ,Cold brew ')).toEqual(['Espresso', 'Cold brew']);
    expect(specialtiesOf(null)).toEqual([]);
  });
});
