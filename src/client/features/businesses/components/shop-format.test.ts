import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '#shared/constants.ts';
import { openingHours } from '#shared/hours.ts';
import { specialtiesOf, websiteHref } from './BusinessDetail.tsx';
import { coordinateError, hoursError, redemptionCodeError } from './BusinessFormDialog.tsx';
import { preview } from './BusinessesTable.tsx';

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

describe('admin form helpers', () => {
  it('cuts descriptions to 50 characters plus an ellipsis', () => {
    expect(preview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(preview('b'.repeat(51))).toBe(`${'b'.repeat(50)}...`);
  });

  it('accepts hours only as a JSON object of text values', () => {
    expect(hoursError('')).toBeNull();
    expect(hoursError('{"Mon": "9-5"}')).toBeNull();
    for (const bad of ['9-5', '["9-5"]', '{"Mon": 9}', '{" ": "9-5"}', 'null', '"x"'])
      expect(hoursError(bad)).toMatch(/JSON object/);
  });

  it("checks an optional code with the contract's messages", () => {
    expect(redemptionCodeError('')).toBeNull();
    expect(redemptionCodeError('0420')).toBeNull();
    expect(redemptionCodeError('042')).toBe('Redemption code must be at least 4 characters');
    expect(redemptionCodeError('04200')).toBe('Redemption code must be exactly 4 characters');
    expect(redemptionCodeError('04a0')).toBe('Redemption code must be 4 digits');
  });

  it("checks a place with the contract's messages: both or neither, each in range", () => {
    expect(coordinateError('latitude', '', '')).toBeNull();
    expect(coordinateError('latitude', 34.73, -86.59)).toBeNull();
    expect(coordinateError('latitude', '', -86.59)).toBe(
      'Latitude and longitude go together: give both, or neither to leave the shop off the map',
    );
    expect(coordinateError('latitude', 90.5, 0)).toBe('Latitude must be a number from -90 to 90');
    expect(coordinateError('latitude', '-', 0)).toBe('Latitude must be a number from -90 to 90');
    expect(coordinateError('longitude', -180.5, 0)).toBe(
      'Longitude must be a number from -180 to 180',
    );
  });
});
