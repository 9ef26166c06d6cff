import { describe, expect, it } from 'vitest';
import type { PublicBusiness } from '#shared/businesses.ts';
import { nextStop } from './components/NextStop.tsx';

const ALWAYS = '{"Daily": "Open 24 hours"}';
const NEVER = '{"Daily": "Closed"}';
const here = { latitude: 34.73, longitude: -86.59 };
const now = new Date('2026-11-25T16:00:00Z');

function shop(id: number, latitude: number | null, hours = ALWAYS, paused = false): PublicBusiness {
  return {
    id,
    challengeId: 1,
    name: `Shop ${id}`,
    description: '',
    longDescription: null,
    address: '',
    phone: null,
    website: null,
    imageUrl: null,
    hours,
    specialties: null,
    position: id,
    paused,
    latitude,
    longitude: latitude === null ? null : -86.59,
  };
}

describe("the member's next stop", () => {
  it('is the nearest shop whose coupon is unused, open now, taking coupons and on the map', () => {
    const stops = [
      { shop: shop(1, 34.7301), visited: true }, // nearest, but visited
      { shop: shop(2, 34.7302, NEVER), visited: false }, // closed
      { shop: shop(3, 34.7303, ALWAYS, true), visited: false }, // paused
      { shop: shop(4, null), visited: false }, // not on the map
      { shop: shop(5, 34.75), visited: false },
      { shop: shop(6, 34.74), visited: false },
    ];
    expect(nextStop(stops, here, now, 'America/Chicago')?.id).toBe(6);
    expect(nextStop(stops.slice(0, 4), here, now, 'America/Chicago')).toBeNull();
  });
});
