import type { PublicReads } from '../public-reads/public-reads.ts';
import { pageAt } from '#shared/pages.ts';

/**
 * Whether a shop's page (`/business/{id}`) names a shop the public may read: the same answer its
 * render reads (public-reads.ts), so a draft battle's shop page is 404 and never kept. Every other
 * page is found.
 */
export function publicShopPageFound(publicReads: PublicReads) {
  return async (pathname: string, language: string): Promise<boolean> => {
    const found = pageAt(pathname);
    if (found?.name !== 'business') return true;
    return (await publicReads.liveShop(Number(found.params.id), language)).status === 200;
  };
}
