import type { IntlShape } from 'react-intl';
import type { PublicBusiness } from '#shared/businesses.ts';
import type { OpenNow } from '#shared/hours.ts';
import { distanceKm, formatDistance, placeOf, type LatLng } from '#client/lib/geo.ts';
import type { VisitorLocation } from '#client/lib/visitor-location.ts';

/**
 * What 'Near me' says once asked; the list keeps its order unless the location arrived. `without`:
 * what happens without the location, the shops list's usual order or no next stop.
 */
export function locationNote(
  location: VisitorLocation,
  without: 'usualOrder' | 'noNextStop',
  intl: IntlShape,
): string {
  switch (location.status) {
    case 'located':
      return intl.formatMessage({
        id: 'nearMe.located',
        defaultMessage: 'Nearest first, from where you are.',
      });
    case 'refused':
      return intl.formatMessage(
        {
          id: 'nearMe.refused',
          defaultMessage:
            'Your location was not shared, so {without, select, usualOrder {the shops stay in their usual order} other {no next stop can be suggested}}.',
        },
        { without },
      );
    case 'unavailable':
      return intl.formatMessage(
        {
          id: 'nearMe.unavailable',
          defaultMessage:
            'Your location could not be found, so {without, select, usualOrder {the shops stay in their usual order} other {no next stop can be suggested}}.',
        },
        { without },
      );
    default:
      return '';
  }
}

/**
 * '0.4 mi' from the visitor to the shop, in the units of the page's locale (#shared/languages.ts
 * `localeOf`); undefined without both places.
 */
export function distanceFrom(
  here: LatLng | null,
  shop: Pick<PublicBusiness, 'latitude' | 'longitude'>,
  locale: string,
): string | undefined {
  const at = placeOf(shop);
  return here && at ? formatDistance(distanceKm(here, at), locale) : undefined;
}

/** A shop pin's notes on a map: whether it is open now, when known, and how far away, when located. */
export function openAndDistanceNotes(
  status: OpenNow,
  distance: string | undefined,
  intl: IntlShape,
): string[] {
  return [
    ...(status === 'unknown'
      ? []
      : [
          status === 'open'
            ? intl.formatMessage({ id: 'shops.openNow', defaultMessage: 'Open now' })
            : intl.formatMessage({ id: 'shops.closedNow', defaultMessage: 'Closed now' }),
        ]),
    ...(distance
      ? [
          intl.formatMessage(
            { id: 'shopCard.distanceAway', defaultMessage: '{distance} away' },
            { distance },
          ),
        ]
      : []),
  ];
}
