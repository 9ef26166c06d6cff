import type { PublicBusiness } from '#shared/businesses.ts';
import { distanceKm, formatDistance, placeOf, type LatLng } from '#client/lib/geo.ts';
import type { VisitorLocation } from '#client/lib/visitor-location.ts';

/** What 'Near me' says once asked; the list keeps its order unless the location arrived. */
export function locationNote(location: VisitorLocation, otherwise: string): string {
  switch (location.status) {
    case 'located':
      return 'Nearest first, from where you are.';
    case 'refused':
      return `Your location was not shared, so ${otherwise}.`;
    case 'unavailable':
      return `Your location could not be found, so ${otherwise}.`;
    default:
      return '';
  }
}

/** '0.4 mi' from the visitor to the shop, in the visitor's units; undefined without both places. */
export function distanceFrom(
  here: LatLng | null,
  shop: Pick<PublicBusiness, 'latitude' | 'longitude'>,
): string | undefined {
  const at = placeOf(shop);
  return here && at ? formatDistance(distanceKm(here, at), navigator.language) : undefined;
}
