import { useCallback, useState } from 'react';
import type { LatLng } from './geo.ts';

export type VisitorLocation =
  { status: 'idle' | 'locating' | 'refused' | 'unavailable' } | { status: 'located'; here: LatLng };

/**
 * The browser's location, asked only when `locate` is called (after a tap, never on load: issue
 * 29). 'refused' when the visitor says no, 'unavailable' without a signal or an answer in time.
 */
export function useVisitorLocation(): [VisitorLocation, () => void] {
  const [location, setLocation] = useState<VisitorLocation>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setLocation({ status: 'unavailable' });
      return;
    }
    setLocation({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setLocation({
          status: 'located',
          here: { latitude: coords.latitude, longitude: coords.longitude },
        }),
      (error) =>
        setLocation({ status: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return [location, locate];
}
