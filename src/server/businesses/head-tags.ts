import type { Db } from '../db/client.ts';
import { findLiveBusiness } from './service.ts';

const SHOP_PAGE = /^\/business\/([1-9][0-9]{0,9})\/?$/;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Open Graph and Twitter tags for a shop page, so a shared /business/{id} link shows the shop
 * (name, short description, image). Every value is escaped; unknown shops get no tags.
 */
export function businessHeadTags(
  db: Db,
  options: { siteName: string; publicUrl?: string | undefined },
) {
  return async (pathname: string): Promise<string> => {
    const match = SHOP_PAGE.exec(pathname);
    if (!match?.[1]) return '';
    const id = Number(match[1]);
    if (id > 2_147_483_647) return '';
    const shop = await findLiveBusiness(db, id);
    if (!shop) return '';
    const absolute = (url: string) =>
      options.publicUrl && url.startsWith('/') ? new URL(url, options.publicUrl).toString() : url;
    const tags: [string, string][] = [
      ['og:type', 'website'],
      ['og:site_name', options.siteName],
      ['og:title', `${shop.name} - ${options.siteName}`],
      ['og:description', shop.description],
      ['og:image', absolute(shop.imageUrl ?? '/images/shop-fallback.svg')],
    ];
    if (options.publicUrl) tags.push(['og:url', absolute(`/business/${shop.id}`)]);
    const meta = tags.map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`,
    );
    meta.push('<meta name="twitter:card" content="summary_large_image" />');
    return meta.join('');
  };
}
