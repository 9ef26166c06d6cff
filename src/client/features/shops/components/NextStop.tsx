import '@mantine/core/styles/Card.css';
import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation, IconMap } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PublicBusiness } from '#shared/businesses.ts';
import { paths } from '#shared/paths.ts';
import { LazyShopsMap } from '#client/components/map/LazyMaps.tsx';
import type { MapShop } from '#client/components/map/ShopsMap.tsx';
import { distanceKm, placeOf, type LatLng } from '#client/lib/geo.ts';
import { useNow } from '#client/lib/use-now.ts';
import { useVisitorLocation } from '#client/lib/visitor-location.ts';
import { shopOpenNow } from '#shared/hours.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { distanceFrom, locationNote, openAndDistanceNotes } from '../near-me.ts';

/** A shop on the member's pass, and whether its coupon is used. */
export interface PassStop {
  shop: PublicBusiness;
  visited: boolean;
}

/**
 * 'Next stop' (docs/decisions/0023-map.md): the nearest shop whose coupon is unused, that is open now on the
 * challenge's clock and takes coupons (not paused); null when none is, or none is on the map.
 */
export function nextStop(
  stops: PassStop[],
  here: LatLng,
  now: Date,
  timeZone: string,
): PublicBusiness | null {
  let best: { shop: PublicBusiness; km: number } | null = null;
  for (const { shop, visited } of stops) {
    const place = placeOf(shop);
    if (visited || shop.paused || !place || shopOpenNow(shop, now, timeZone) !== 'open') continue;
    const km = distanceKm(here, place);
    if (!best || km < best.km) best = { shop, km };
  }
  return best?.shop ?? null;
}

/**
 * On /profile: the member's coupons on a map, visited and still to visit, and after a tap the
 * next stop. The coupon cards below are the map's accessible equivalent.
 */
export function NextStop({
  stops,
  timeZone,
  suggest,
}: {
  stops: PassStop[];
  timeZone: string;
  /** Whether a next stop can be suggested: the battle runs and the pass can redeem. */
  suggest: boolean;
}) {
  const intl = useMessages();
  const now = useNow();
  const [mapShown, setMapShown] = useState(false);
  const [location, locate] = useVisitorLocation();
  const here = location.status === 'located' ? location.here : null;
  const allVisited = stops.every((stop) => stop.visited);
  const suggestion = here ? nextStop(stops, here, now, timeZone) : null;

  // The pins are worked out only while the map shows: otherwise on every tick of the clock for nothing.
  const mapShops: MapShop[] = !mapShown
    ? []
    : stops.flatMap(({ shop, visited }) => {
        const place = placeOf(shop);
        if (!place) return [];
        const distance = distanceFrom(here, shop, intl.locale);
        const status = shopOpenNow(shop, now, timeZone);
        return [
          {
            id: shop.id,
            name: shop.name,
            place,
            kind: visited ? 'visited' : 'shop',
            notes: visited
              ? [intl.formatMessage({ id: 'nextStop.visited', defaultMessage: 'visited' })]
              : [
                  intl.formatMessage({ id: 'nextStop.toVisit', defaultMessage: 'still to visit' }),
                  ...openAndDistanceNotes(status, distance, intl),
                ],
            href: paths.business(shop.id),
          },
        ];
      });

  let note = '';
  if (suggest && !allVisited && !suggestion) {
    note = here
      ? intl.formatMessage({
          id: 'nextStop.noneOpen',
          defaultMessage:
            'None of the shops you have yet to visit is open and on the map right now.',
        })
      : locationNote(location, 'noNextStop', intl);
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="next-stop-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="next-stop-title">
          {intl.formatMessage({ id: 'nextStop.title', defaultMessage: 'Next stop' })}
        </Title>
        {allVisited ? (
          <Text>
            {intl.formatMessage({
              id: 'nextStop.allVisited',
              defaultMessage: 'You have visited every shop on your pass.',
            })}
          </Text>
        ) : suggest ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({
              id: 'nextStop.explain',
              defaultMessage: 'The nearest open shop whose coupon you have not used yet.',
            })}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            variant={mapShown ? 'filled' : 'default'}
            aria-pressed={mapShown}
            leftSection={<IconMap size={18} aria-hidden />}
            onClick={() => setMapShown((value) => !value)}
          >
            {intl.formatMessage({ id: 'shops.map', defaultMessage: 'Map' })}
          </Button>
          {suggest && !allVisited && (
            <Button
              variant="default"
              leftSection={<IconCurrentLocation size={18} aria-hidden />}
              loading={location.status === 'locating'}
              onClick={locate}
            >
              {intl.formatMessage({ id: 'nextStop.find', defaultMessage: 'Find my next stop' })}
            </Button>
          )}
        </Group>
        <Text role="status" size="sm">
          {suggestion
            ? intl.formatMessage(
                {
                  id: 'nextStop.suggestion',
                  defaultMessage: 'Next stop: <link>{shop}</link>, {distance} away, open now.',
                },
                {
                  shop: suggestion.name,
                  distance: distanceFrom(here, suggestion, intl.locale),
                  link: (chunks) => (
                    <Anchor component={Link} to={paths.business(suggestion.id)} fw={700}>
                      {chunks}
                    </Anchor>
                  ),
                },
              )
            : note}
        </Text>
        {mapShown && (
          <LazyShopsMap
            label={intl.formatMessage({
              id: 'nextStop.mapLabel',
              defaultMessage: 'Map of your coupons: visited and still to visit',
            })}
            shops={mapShops}
            here={here}
          />
        )}
        {mapShown && (
          <Text size="xs" c="dimmed">
            {intl.formatMessage({
              id: 'nextStop.mapLegend',
              defaultMessage: 'Green pins with a tick: visited. Brown pins: still to visit.',
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
