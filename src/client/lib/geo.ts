import { numberFormat } from '#shared/intl-formats.ts';

/** A point on the globe in WGS 84 degrees, as shops and the browser's location give it. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;
/** Regions whose people read road distances in miles (the United States, the United Kingdom, Liberia, Myanmar). */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine): plenty for 'which shop is nearer' within a city. */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The shop's place, or null while the organizer has not put it on the map. */
export function placeOf(shop: {
  latitude: number | null;
  longitude: number | null;
}): LatLng | null {
  return shop.latitude === null || shop.longitude === null
    ? null
    : { latitude: shop.latitude, longitude: shop.longitude };
}

/** The visitor's locale as a valid tag; the site's home market's (en-US) if it is not one. */
function validLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** '0.4 mi' in the United States (and wherever miles are read), '0.6 km' elsewhere. */
export function formatDistance(km: number, locale: string): string {
  const tag = validLocale(locale);
  const miles = MILE_REGIONS.has(new Intl.Locale(tag).maximize().region ?? '');
  const value = miles ? km / KM_PER_MILE : km;
  return numberFormat(tag, {
    style: 'unit',
    unit: miles ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/**
 * Items ordered by distance from `here`, nearest first; those without a place keep their order
 * after the placed ones.
 */
export function nearestFirst<T>(items: T[], here: LatLng, place: (item: T) => LatLng | null): T[] {
  const away = (item: T) => {
    const at = place(item);
    return at ? distanceKm(here, at) : Number.POSITIVE_INFINITY;
  };
  return items
    .map((item, index) => ({ item, index, km: away(item) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map(({ item }) => item);
}
