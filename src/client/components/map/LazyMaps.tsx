import { lazy } from 'react';
import { Spinner } from '#client/components/PageLoader.tsx';

/*
 * Leaflet, react-leaflet and their CSS arrive only when a map is shown (issue 29): never part of
 * a page's first view, whose budget bench/web.ts checks.
 */
export const ShopsMap = lazy(() => import('./ShopsMap.tsx'));
export const LocationPicker = lazy(() => import('./LocationPicker.tsx'));

export function MapLoading() {
  return <Spinner label="Loading the map" />;
}
