import 'leaflet/dist/leaflet.css';
import './map.css';
import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { divIcon, type LeafletEventHandlerFnMap } from 'leaflet';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { TileLayer, useMap } from 'react-leaflet';

/** What GET /api/config says about the map's tiles (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapTiles {
  tileUrl: string;
  attribution: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The map's tiles. `onFailed(true)` when tiles error before any has loaded (offline, or their host
 * is blocked), `onFailed(false)` once one loads. Leaflet writes the attribution as HTML, so the
 * operator's text is escaped and shows as written.
 */
export function Tiles({
  tiles,
  onFailed,
}: {
  tiles: MapTiles;
  onFailed: (failed: boolean) => void;
}) {
  const loaded = useRef(false);
  const events = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileload: () => {
        loaded.current = true;
        onFailed(false);
      },
      tileerror: () => onFailed(!loaded.current),
    }),
    [onFailed],
  );
  return (
    <TileLayer
      url={tiles.tileUrl}
      attribution={escapeHtml(tiles.attribution)}
      eventHandlers={events}
    />
  );
}

/** Said above a map whose tiles do not arrive, with what still works. */
export function TilesUnavailable({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" title="The map cannot load" role="status">
      Its tiles did not arrive (offline, or the tile server is blocked). {children}
    </Alert>
  );
}

/** Names the map for assistive technology: a labelled region (Leaflet's container has none). */
export function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

const pin = (kind: 'shop' | 'visited') =>
  divIcon({
    className: `lb-marker lb-marker-${kind}`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });

/**
 * Round pins (map.css), named by their marker's title. Made once: a new icon on every render would
 * rebuild the marker's element and lose its keyboard focus.
 */
export const PINS = { shop: pin('shop'), visited: pin('visited') } as const;
