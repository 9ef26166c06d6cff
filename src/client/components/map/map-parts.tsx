import 'leaflet/dist/leaflet.css';
import './map.css';
import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { divIcon, type LeafletEventHandlerFnMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { useMessages } from '#client/i18n/language.tsx';

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
  const intl = useMessages();
  return (
    <Alert
      color="yellow"
      title={intl.formatMessage({ id: 'map.cannotLoad', defaultMessage: 'The map cannot load' })}
      role="status"
    >
      {intl.formatMessage({
        id: 'map.tilesMissing',
        defaultMessage: 'Its tiles did not arrive (offline, or the tile server is blocked).',
      })}{' '}
      {children}
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

/** Whether the main pointer is a finger: then one finger scrolls the page and two move the map. */
export const fingerPointer = () =>
  typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

const HINT_MS = 1500;

/**
 * A map inside a page that scrolls (the shop dialog's) lets the page keep its gestures
 * (docs/decisions/0036-one-word-per-thing.md): a plain wheel scrolls the page and says
 * 'Use Ctrl + scroll to zoom' (⌘ on Apple devices); Ctrl/⌘ + wheel, or a trackpad's pinch (a wheel
 * with Ctrl), zooms. With a finger, the map is made without one-finger dragging (`dragging` off,
 * so Leaflet's touch-action lets one finger scroll the page), two fingers pinch and move it, and
 * one finger moving over it says so. Leaflet has no such option (the leaflet-gesture-handling
 * plugin does the same, unmaintained), so its wheel handler simply never hears a plain wheel.
 */
export function GestureHint() {
  const map = useMap();
  const intl = useMessages();
  const [hint, setHint] = useState<string | null>(null);
  useEffect(() => {
    const container = map.getContainer();
    const apple = /Mac|iPhone|iPad/.test(navigator.userAgent);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (text: string) => {
      setHint(text);
      clearTimeout(timer);
      timer = setTimeout(() => setHint(null), HINT_MS);
    };
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) {
        setHint(null);
        return;
      }
      // Captured before Leaflet's own listener on this container, which then never runs: the
      // event's default, the page's scroll, goes ahead.
      event.stopImmediatePropagation();
      show(
        intl.formatMessage(
          { id: 'map.scrollToZoom', defaultMessage: 'Use {key} + scroll to zoom' },
          { key: apple ? '⌘' : 'Ctrl' },
        ),
      );
    };
    const onTouchMove = (event: TouchEvent) => {
      if (event.touches.length === 1 && !map.dragging.enabled()) {
        show(
          intl.formatMessage({
            id: 'map.twoFingers',
            defaultMessage: 'Use two fingers to move the map',
          }),
        );
      }
    };
    container.addEventListener('wheel', onWheel, { capture: true, passive: true });
    container.addEventListener('touchmove', onTouchMove, { passive: true });
    return () => {
      container.removeEventListener('wheel', onWheel, { capture: true });
      container.removeEventListener('touchmove', onTouchMove);
      clearTimeout(timer);
    };
  }, [map, intl]);
  return hint ? <div className="lb-map-hint">{hint}</div> : null;
}
