import { and, asc, eq } from 'drizzle-orm';
import { languagePath, type SiteLanguages } from '#shared/languages.ts';
import { pages } from '#shared/pages.ts';
import { paths } from '#shared/paths.ts';
import type { Db } from '../db/client.ts';
import { businesses, challenges } from '../db/schema.ts';
import { isLiveShop } from '../businesses/live.ts';
import { escapeHtml } from '../text.ts';

/** The public pages worth finding (#shared/pages.ts); a page with parameters is listed per thing. */
const PUBLIC_PAGES = Object.values(pages)
  .filter((page) => 'inSitemap' in page && !page.path.includes(':'))
  .map((page) => page.path);

/**
 * sitemap.xml (docs/decisions/0027): the public pages and the page of every live shop of a
 * published (active) challenge, as absolute URLs on `origin`, each in every language
 * (docs/decisions/0048-languages.md).
 */
export async function sitemapXml(
  db: Db,
  origin: string,
  { languages, defaultLanguage }: SiteLanguages,
): Promise<string> {
  const shops = await db
    .select({ id: businesses.id })
    .from(businesses)
    .innerJoin(challenges, eq(challenges.id, businesses.challengeId))
    .where(and(isLiveShop, eq(challenges.active, true)))
    .orderBy(asc(businesses.id));
  const urls = [...PUBLIC_PAGES, ...shops.map((shop) => paths.business(shop.id))]
    .flatMap((path) => languages.map((language) => languagePath(path, language, defaultLanguage)))
    .map((path) => `<url><loc>${escapeHtml(new URL(path, origin).toString())}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
