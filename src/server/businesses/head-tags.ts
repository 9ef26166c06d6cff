import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import type { Db } from '../db/client.ts';
import type { SiteUrl } from '../site-url.ts';
import type { PublicReads } from '../public-reads/public-reads.ts';
import { findLiveBusiness } from './service.ts';
import { escapeHtml } from '../text.ts';

const SHOP_PAGE = /^\/business\/([1-9][0-9]{0,9})\/?$/;
/** The public pages that show the running battle: the home page and the coffee battle's page. */
const BATTLE_PAGES = /^\/(battles\/coffee\/?)?$/;
/** A 1200×630 picture for link previews of pages without a picture of their own. */
const SHARE_IMAGE = '/images/share.png';
/** Said when no challenge is set up yet (the same words as the app shell's description). */
const SITE_DESCRIPTION = `Buy a battle pass, redeem a ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at every participating local coffee shop and vote for your favorite.`;

interface HeadTagOptions {
  siteName: string;
  siteUrl: SiteUrl;
}

interface SharePreview {
  title: string;
  description: string;
  image: string;
  path: string;
}

/** Open Graph and Twitter card tags for one preview, with absolute links on the site's URL. */
function shareTags(preview: SharePreview, options: HeadTagOptions): string {
  const image = preview.image.startsWith('/') ? options.siteUrl.href(preview.image) : preview.image;
  const properties: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', options.siteName],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:image', image],
    ['og:url', options.siteUrl.href(preview.path)],
  ];
  const names: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', preview.title],
    ['twitter:description', preview.description],
    ['twitter:image', image],
  ];
  return [
    ...properties.map(
      ([key, value]) => `<meta property="${key}" content="${escapeHtml(value)}" />`,
    ),
    ...names.map(([key, value]) => `<meta name="${key}" content="${escapeHtml(value)}" />`),
  ].join('');
}

async function shopPreview(db: Db, id: number, siteName: string): Promise<SharePreview | null> {
  if (id > 2_147_483_647) return null;
  const shop = await findLiveBusiness(db, id);
  if (!shop) return null;
  return {
    title: `${shop.name} - ${siteName}`,
    description: shop.description,
    image: shop.imageUrl ?? '/images/shop-fallback.svg',
    path: `/business/${shop.id}`,
  };
}

/**
 * The running battle (docs/RULES.md rule 1) names the page; before there is one, the site does.
 * Read from the cached public answer, as the page itself is.
 */
async function battlePreview(publicReads: PublicReads, path: string, siteName: string) {
  const challenge = await publicReads.activeChallengeDto();
  return {
    title: challenge ? `${challenge.title} - ${siteName}` : siteName,
    description: challenge?.description || SITE_DESCRIPTION,
    image: SHARE_IMAGE,
    path,
  };
}

/**
 * Link-preview tags for the served HTML of shop pages, the home page and the coffee battle's
 * page (docs/decisions/0019-server-rendered-public-pages-and-offline-pass.md), so a shared link shows a title, a description and a picture. Every value is
 * escaped; other pages and unknown shops get no tags.
 */
export function publicPageHeadTags(db: Db, publicReads: PublicReads, options: HeadTagOptions) {
  return async (pathname: string): Promise<string> => {
    const shop = SHOP_PAGE.exec(pathname)?.[1];
    const preview = shop
      ? await shopPreview(db, Number(shop), options.siteName)
      : BATTLE_PAGES.test(pathname)
        ? await battlePreview(publicReads, pathname.replace(/\/$/, '') || '/', options.siteName)
        : null;
    return preview ? shareTags(preview, options) : '';
  };
}
