import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/PageLoader.tsx';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useMessages } from '#client/i18n/language.tsx';
import type { ShopsMapProps } from './ShopsMap.tsx';

/*
 * Leaflet, react-leaflet and their CSS arrive only when a map is shown (docs/decisions/0023-map.md): never part of
 * a page's first view, whose budget bench/web.ts checks.
 */
const ShopsMap = lazy(() => import('./ShopsMap.tsx'));
export const LocationPicker = lazy(() => import('./LocationPicker.tsx'));

export function MapLoading() {
  const intl = useMessages();
  return (
    <Spinner label={intl.formatMessage({ id: 'map.loading', defaultMessage: 'Loading the map' })} />
  );
}

/** The shops' map on the site's tiles (GET /api/config), loading until both have arrived. */
export function LazyShopsMap(props: Omit<ShopsMapProps, 'tiles'>) {
  const siteConfig = useSiteConfig();
  return (
    <Suspense fallback={<MapLoading />}>
      {siteConfig ? <ShopsMap tiles={siteConfig.map} {...props} /> : <MapLoading />}
    </Suspense>
  );
}
