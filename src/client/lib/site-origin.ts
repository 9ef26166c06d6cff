import { createContext, useContext } from 'react';

/**
 * The site's own origin for absolute links. The browser knows it; the server-side renderer
 * (docs/decisions/0019) provides the one the request came to.
 */
export const SiteOriginContext = createContext(
  typeof window === 'undefined' ? '' : window.location.origin,
);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
