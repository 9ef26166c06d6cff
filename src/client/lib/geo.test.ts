import { describe, expect, it } from 'vitest';
import { localeOf } from '#shared/languages.ts';
import { distanceKm, formatDistance, nearestFirst, placeOf } from './geo.ts';

const courthouse = { latitude: 34.7304, longitude: -86.5861 };

describe('distances for "Near me"', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(courthouse, courthouse)).toBe(0);
    // One degree of latitude is about 111.2 km everywhere.
    expect(distanceKm(courthouse, { ...courthouse, latitude: 35.7304 })).toBeCloseTo(111.2, 1);
    // Huntsville to Nashville, about 160 km as the crow flies.
    expect(distanceKm(courthouse, { latitude: 36.1627, longitude: -86.7816 })).toBeCloseTo(160, -1);
  });

  it("writes miles for the visitor's locale where miles are read, kilometres elsewhere", () => {
    expect(formatDistance(0.6437, 'en-US')).toBe('0.4 mi');
    expect(formatDistance(0.6, 'en')).toBe('0.4 mi');
    expect(formatDistance(0.6, 'en-GB')).toBe('0.4 mi');
    expect(formatDistance(0.6, 'de-DE')).toBe('0,6 km');
    expect(formatDistance(0.6, 'fr-CA')).toMatch(/^0,6\s?km$/);
    expect(formatDistance(23.4, 'en-AU')).toBe('23 km');
    expect(formatDistance(0.6437, 'not a locale!')).toBe('0.4 mi');
  });

  it("writes each language's distances in its locale's units (#shared/languages.ts)", () => {
    // English and Spanish sell in US cities (en-US, es-US): both read miles there.
    expect(formatDistance(0.6437, localeOf('en'))).toBe('0.4 mi');
    expect(formatDistance(0.6437, localeOf('es'))).toBe('0.4 mi');
    expect(formatDistance(16.1, localeOf('es'))).toBe('10 mi');
    // A battle in Madrid would give Spanish the es-ES locale, and kilometres.
    expect(formatDistance(0.6, 'es-ES')).toBe('0,6 km');
  });

  it('orders nearest first and keeps shops without a place last, in their order', () => {
    const shops = [
      { name: 'unplaced A', latitude: null, longitude: null },
      { name: 'far', latitude: 34.8, longitude: -86.6 },
      { name: 'unplaced B', latitude: null, longitude: null },
      { name: 'near', latitude: 34.731, longitude: -86.586 },
    ];
    expect(nearestFirst(shops, courthouse, placeOf).map((shop) => shop.name)).toEqual([
      'near',
      'far',
      'unplaced A',
      'unplaced B',
    ]);
  });
});
