import { useEffect } from 'react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { DEFAULT_SITE_NAME, pageTitle, type PageDescription } from '#shared/pages.ts';
import { useSiteConfig } from './site-config.ts';

export const DEFAULT_DESCRIPTION = `Buy a battle pass, redeem a ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at every participating local shop and vote for your favorite.`;

/** The site's name (the SITE_NAME setting, from GET /api/config), the default until it loads. */
export function useSiteName(): string {
  return useSiteConfig()?.siteName ?? DEFAULT_SITE_NAME;
}

/**
 * A page's title and description: its entry in #shared/pages.ts, whose parts a page about one
 * thing (a shop, the running battle) replaces with that thing's once loaded.
 */
export type PageMeta = Pick<PageDescription, 'exactTitle'> & {
  title?: string | null | undefined;
  description?: string | null | undefined;
};

/** Sets document.title and the meta description for the page that calls it. */
export function usePageMeta({ title, exactTitle, description }: PageMeta = {}): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = exactTitle ?? pageTitle(title, siteName);
  }, [title, exactTitle, siteName]);

  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const text = description?.trim() ?? '';
    tag.content = text === '' ? DEFAULT_DESCRIPTION : text;
  }, [description]);
}
