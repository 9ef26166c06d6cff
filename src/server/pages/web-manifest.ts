/** The theme colour of the pages (src/client/index.html's theme-color). */
const THEME_COLOR = '#8c5a2f';

/**
 * The web app manifest that makes the site installable (docs/decisions/0027). Served by the
 * server rather than built, because the name is the SITE_NAME setting. Installed, it opens on
 * the member's pass.
 */
export function webManifest(siteName: string) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}-${String(size)}.png`,
    sizes: `${String(size)}x${String(size)}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: siteName,
    short_name: siteName,
    description: 'Your battle pass: coupons at every participating shop and your votes.',
    id: '/',
    start_url: '/profile',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      icon('icon', 192, 'any'),
      icon('icon', 512, 'any'),
      icon('maskable', 192, 'maskable'),
      icon('maskable', 512, 'maskable'),
    ],
  };
}
