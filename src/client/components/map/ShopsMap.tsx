import { Anchor, Stack, Text } from '@mantine/core';
import { latLngBounds } from 'leaflet';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import type { LatLng } from '#client/lib/geo.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { MapLabel, PINS, Tiles, TilesUnavailable, type MapTiles } from './map-parts.tsx';

export interface MapShop {
  id: number;
  name: string;
  place: LatLng;
  /** 'visited' for a member's redeemed coupon; 'shop' otherwise. */
  kind: 'shop' | 'visited';
  /** Said after the name, in the marker's name and its popup: 'Open now', 'still to visit', '0.4 mi'. */
  notes: string[];
  href: string;
}

export interface ShopsMapProps {
  tiles: MapTiles;
  /** The map's name for assistive technology. */
  label: string;
  shops: MapShop[];
  /** The visitor, once 'Near me' has found them. */
  here?: LatLng | null | undefined;
}

const toLeaflet = (place: LatLng): [number, number] => [place.latitude, place.longitude];

/** Shows every shop (and the visitor) whenever that set of places changes. */
function FitToPlaces({ places }: { places: LatLng[] }) {
  const map = useMap();
  const key = places.map((place) => `${place.latitude},${place.longitude}`).join(';');
  useEffect(() => {
    if (places.length === 0) return;
    if (places.length === 1) map.setView(toLeaflet(places[0]!), 15);
    else map.fitBounds(latLngBounds(places.map(toLeaflet)), { padding: [48, 48], maxZoom: 16 });
    // The key names the places; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * The battle's shops on a map (docs/decisions/0023-map.md): a pin per placed shop, named by its marker's title, with
 * a popup of its notes and a link to its page. The list beside it stays the accessible
 * equivalent; without tiles the map says so and the list keeps working.
 */
export default function ShopsMap({ tiles, label, shops, here }: ShopsMapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const places = [...shops.map((shop) => shop.place), ...(here ? [here] : [])];
  const intl = useMessages();

  if (shops.length === 0) {
    return (
      <Text c="dimmed">
        {intl.formatMessage({
          id: 'map.noneOnMap',
          defaultMessage: 'None of these shops is on the map yet.',
        })}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {tilesFailed && (
        <TilesUnavailable>
          {intl.formatMessage({
            id: 'map.everyShopListed',
            defaultMessage: 'Every shop is in the list.',
          })}
        </TilesUnavailable>
      )}
      <MapContainer className="lb-map" center={toLeaflet(shops[0]!.place)} zoom={13}>
        <MapLabel label={label} />
        <Tiles tiles={tiles} onFailed={setTilesFailed} />
        <FitToPlaces places={places} />
        {shops.map((shop) => {
          const title = [shop.name, ...shop.notes].join(', ');
          return (
            // Leaflet reads a marker's title once: a new title (a new distance, a shop that just
            // opened) makes a new marker.
            <Marker
              key={`${shop.id} ${title}`}
              position={toLeaflet(shop.place)}
              icon={PINS[shop.kind]}
              title={title}
            >
              <Popup>
                <Stack gap={4}>
                  <Text fw={700}>{shop.name}</Text>
                  {shop.notes.length > 0 && <Text size="sm">{shop.notes.join(' · ')}</Text>}
                  <Anchor component={Link} to={shop.href} size="sm">
                    {intl.formatMessage({ id: 'map.viewDetails', defaultMessage: 'View Details' })}
                  </Anchor>
                </Stack>
              </Popup>
            </Marker>
          );
        })}
        {here && (
          <CircleMarker
            center={toLeaflet(here)}
            radius={9}
            interactive={false}
            pathOptions={{ color: '#fff', weight: 3, fillColor: '#1864ab', fillOpacity: 1 }}
          />
        )}
      </MapContainer>
    </Stack>
  );
}
