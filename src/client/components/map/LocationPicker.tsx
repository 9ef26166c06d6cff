import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '#client/lib/geo.ts';
import { useMessages } from '#client/i18n/language.tsx';
import {
  fingerPointer,
  GestureHint,
  MapLabel,
  PINS,
  Tiles,
  TilesUnavailable,
  type MapTiles,
} from './map-parts.tsx';

export interface LocationPickerProps {
  tiles: MapTiles;
  /** The shop's place so far. */
  value: LatLng | null;
  /** Other shops of the battle: the map opens over them when this one has no place yet. */
  around: LatLng[];
  onPick: (place: LatLng) => void;
}

/** Six decimals: about 10 cm, finer than any tap. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

function PickOnTap({ onPick }: { onPick: (place: LatLng) => void }) {
  useMapEvents({
    click: ({ latlng }) =>
      onPick({ latitude: rounded(latlng.lat), longitude: rounded(latlng.wrap().lng) }),
  });
  return null;
}

/** Brings a place typed into the form into view. */
function FollowValue({ value }: { value: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (value && !map.getBounds().contains([value.latitude, value.longitude])) {
      map.setView([value.latitude, value.longitude], Math.max(map.getZoom(), 15));
    }
  }, [map, value]);
  return null;
}

function centerOf(places: LatLng[]): LatLng | null {
  if (places.length === 0) return null;
  const sum = (pick: (place: LatLng) => number) =>
    places.reduce((total, place) => total + pick(place), 0) / places.length;
  return { latitude: sum((place) => place.latitude), longitude: sum((place) => place.longitude) };
}

/**
 * The organizer places a shop by tapping the map (docs/decisions/0023-map.md); no geocoding service is assumed.
 * The latitude and longitude fields beside it are the keyboard's way to the same result.
 */
export default function LocationPicker({ tiles, value, around, onPick }: LocationPickerProps) {
  // Where the map opens; later changes of the value only move the pin (FollowValue).
  const [start] = useState(() => value ?? centerOf(around));
  const [tilesFailed, setTilesFailed] = useState(false);
  const intl = useMessages();
  return (
    <Stack gap="xs">
      {tilesFailed && (
        <TilesUnavailable>
          {intl.formatMessage({
            id: 'map.typeInstead',
            defaultMessage: 'Type the latitude and longitude instead.',
          })}
        </TilesUnavailable>
      )}
      <MapContainer
        className="lb-map lb-map-picker"
        center={start ? [start.latitude, start.longitude] : [20, 0]}
        zoom={value ? 16 : start ? 12 : 2}
        // The dialog scrolls: one finger, and a wheel without Ctrl/⌘, are the page's (GestureHint).
        dragging={!fingerPointer()}
      >
        <MapLabel
          label={intl.formatMessage({
            id: 'map.pickerLabel',
            defaultMessage: 'Map: tap where the shop is to fill in its latitude and longitude',
          })}
        />
        <Tiles tiles={tiles} onFailed={setTilesFailed} />
        <GestureHint />
        <PickOnTap onPick={onPick} />
        <FollowValue value={value} />
        {value && (
          <Marker
            position={[value.latitude, value.longitude]}
            icon={PINS.shop}
            title={intl.formatMessage({ id: 'map.shopPlace', defaultMessage: "The shop's place" })}
            interactive={false}
            keyboard={false}
          />
        )}
      </MapContainer>
    </Stack>
  );
}
