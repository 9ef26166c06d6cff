import { useSiteConfig } from './site-config.ts';

/**
 * The site's origin for absolute links (share links, the cashier card's QR code): the server's
 * one public URL from GET /api/config, the same in server-rendered HTML (which carries that
 * answer) and in the browser. undefined while the answer loads.
 */
export function useSiteOrigin(): string | undefined {
  return useSiteConfig()?.publicUrl;
}
