import { languagePath, SOURCE_LANGUAGE } from '#shared/languages.ts';
import { pageIntl } from './page-intl.ts';

/** The theme colour of the pages (src/client/index.html's theme-color). */
const THEME_COLOR = '#8c5a2f';

/**
 * The web app manifest that makes the site installable (docs/decisions/0027). Served by the
 * server rather than built, because the name is the SITE_NAME setting. Installed, it opens on
 * the member's pass. Each language has its own (docs/decisions/0048-languages.md): its pages link
 * `/{language}/manifest.webmanifest`, whose words are that language's and which opens on the pass
 * in it; the default language's stays at `/manifest.webmanifest`.
 */
export function webManifest(
  siteName: string,
  language: string = SOURCE_LANGUAGE,
  defaultLanguage: string = SOURCE_LANGUAGE,
) {
  const intl = pageIntl(language);
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}-${String(size)}.png`,
    sizes: `${String(size)}x${String(size)}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: siteName,
    short_name: siteName,
    description: intl.formatMessage({
      id: 'manifest.description',
      defaultMessage: 'Your battle pass: coupons at every participating shop and your votes.',
    }),
    ...(language === SOURCE_LANGUAGE ? {} : { lang: language }),
    id: '/',
    start_url: languagePath('/profile', language, defaultLanguage),
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
