import type { IntlShape } from 'react-intl/server';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { languagePath, splitLanguage, type SiteLanguages } from '#shared/languages.ts';
import { formatMoney } from '#shared/money.ts';
import { pageAt, pageTitle } from '#shared/pages.ts';
import { paths } from '#shared/paths.ts';
import type { Db } from '../db/client.ts';
import type { SiteUrl } from '../site-url.ts';
import type { PublicReads } from '../public-reads/public-reads.ts';
import { findPublicShop, publicBusinessIn } from '../businesses/service.ts';
import { escapeHtml } from '../text.ts';
import { replaceLiterally } from './replace-literally.ts';
import { pageIntl } from './page-intl.ts';

/** A 1200×630 picture for link previews of pages without a picture of their own. */
const SHARE_IMAGE = '/images/share.png';
/*
 * The words of a document's head are in the page's language (docs/decisions/0048-languages.md);
 * in English the spec's, as #shared/pages.ts and the app shell say them.
 */

/** A page's whole title in the page's language: '{part} - {site name}', or the site's default. */
function titleIn(intl: IntlShape, part: string | null | undefined, siteName: string): string {
  return part?.trim()
    ? pageTitle(part, siteName)
    : intl.formatMessage(
        { id: 'page.defaultTitle', defaultMessage: '{siteName} - Local Coffee Shop Challenge' },
        { siteName },
      );
}

/** Said when no challenge is set up yet (the same words as the app shell's description). */
const siteDescriptionIn = (intl: IntlShape) =>
  intl.formatMessage(
    {
      id: 'page.siteDescription',
      defaultMessage:
        'Buy a battle pass, redeem a {couponValue} coupon at every participating local coffee shop and vote for your favorite.',
    },
    { couponValue: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
  );

interface HeadTagOptions {
  siteName: string;
  siteUrl: SiteUrl;
  languages: SiteLanguages;
}

interface SharePreview {
  title: string;
  description: string;
  image: string;
  path: string;
}

/**
 * The document's title and description, then the Open Graph and Twitter card tags for one
 * preview, with absolute links on the site's URL.
 */
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
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    ...properties.map(
      ([key, value]) => `<meta property="${key}" content="${escapeHtml(value)}" />`,
    ),
    ...names.map(([key, value]) => `<meta name="${key}" content="${escapeHtml(value)}" />`),
  ].join('');
}

async function shopPreview(
  db: Db,
  id: number,
  siteName: string,
  language: string,
): Promise<SharePreview | null> {
  if (id > 2_147_483_647) return null;
  const found = await findPublicShop(db, id);
  if (!found) return null;
  const shop = publicBusinessIn(found, language);
  return {
    title: pageTitle(shop.name, siteName),
    description: shop.description,
    image: shop.imageUrl ?? '/images/shop-fallback.svg',
    path: paths.business(shop.id),
  };
}

/**
 * The page in every language (hreflang, docs/decisions/0048-languages.md), the default
 * language's as `x-default` too: search engines then show each reader their own.
 */
function alternateTags(path: string, { siteUrl, languages }: HeadTagOptions): string {
  const link = (hreflang: string, language: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(siteUrl.href(languagePath(path, language, languages.defaultLanguage)))}" />`;
  return [
    ...languages.languages.map((language) => link(language, language)),
    link('x-default', languages.defaultLanguage),
  ].join('');
}

/**
 * The running battle (docs/RULES.md rule 1) names the page; without one, the spec's default title
 * ('{site name} - Local Coffee Shop Challenge') does, as in the app. Read from the cached public
 * answer, as the page itself is.
 */
async function battlePreview(
  publicReads: PublicReads,
  path: string,
  siteName: string,
  intl: IntlShape,
  language: string,
) {
  const challenge = await publicReads.activeChallengeDto(language);
  return {
    title: titleIn(intl, challenge?.title, siteName),
    description: challenge?.description || siteDescriptionIn(intl),
    image: SHARE_IMAGE,
    path,
  };
}

/**
 * Link-preview tags for the served HTML of the document pages (#shared/pages.ts;
 * docs/decisions/0027), so a shared link shows a title, a description and a picture: a shop's
 * page names the shop, the home and the coffee battle's page the running battle, the others
 * their entry's title. The title and description are the document's own, which the web app no
 * longer writes on a document. Every value is escaped; app pages and
 * unknown shops get no tags. Written in the address's language, with the page's addresses in the
 * other languages (docs/decisions/0048-languages.md); a shop's and a battle's own words are the
 * organizer's, in the language they were written in.
 */
export function publicPageHeadTags(db: Db, publicReads: PublicReads, options: HeadTagOptions) {
  return async (pathname: string): Promise<string> => {
    const { language, path } = splitLanguage(pathname, options.languages);
    const found = pageAt(path);
    if (found?.page.kind !== 'document') return '';
    const intl = pageIntl(language);
    const preview =
      found.name === 'business'
        ? await shopPreview(db, Number(found.params.id), options.siteName, language)
        : // The home page and the coffee battle's page show the running battle.
          found.name === 'home' || found.name === 'coffeeBattle'
          ? await battlePreview(publicReads, found.page.path, options.siteName, intl, language)
          : {
              // The schedule (/battles), the one other document.
              title: titleIn(
                intl,
                intl.formatMessage({ id: 'page.battles.title', defaultMessage: 'All Battles' }),
                options.siteName,
              ),
              description: intl.formatMessage({
                id: 'page.battles.description',
                defaultMessage:
                  'City-wide competitions for the best local coffee, tacos and ice cream. Join the coffee battle now.',
              }),
              image: SHARE_IMAGE,
              path: found.page.path,
            };
    if (!preview) return '';
    const inLanguage = {
      ...preview,
      path: languagePath(preview.path, language, options.languages.defaultLanguage),
    };
    return shareTags(inLanguage, options) + alternateTags(preview.path, options);
  };
}

const SHELL_TITLE = /<title>[^<]*<\/title>\s*/;
const SHELL_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;

/** The page with a path's head tags in its head: its own title and description take the shell's place. */
export function withHeadTags(page: string, headTags: string): string {
  if (!headTags) return page;
  const shellHead = page.replace(SHELL_TITLE, '').replace(SHELL_DESCRIPTION, '');
  return replaceLiterally(shellHead, '</head>', `${headTags}</head>`);
}
