import { useEffect } from 'react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';

export const PRODUCT_NAME = 'Local Battles';
export const DEFAULT_TITLE = `${PRODUCT_NAME} - Local Coffee Shop Challenge`;
export const DEFAULT_DESCRIPTION = `Buy a battle pass, redeem a ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at every participating local shop and vote for your favorite.`;

/** Spec page titles: '{part} - Local Battles', or the product's default title without a part. */
export function pageTitle(part?: string | null): string {
  const trimmed = part?.trim();
  return trimmed ? `${trimmed} - ${PRODUCT_NAME}` : DEFAULT_TITLE;
}

export interface PageMeta {
  /** The page-specific part of the title; the product name is appended by `pageTitle`. */
  title?: string | null | undefined;
  /** The whole title, as the spec gives it for some organizer pages; replaces `title`. */
  exactTitle?: string;
  description?: string | null | undefined;
}

/** Sets document.title and the meta description for the page that calls it. */
export function usePageMeta({ title, exactTitle, description }: PageMeta = {}): void {
  useEffect(() => {
    document.title = exactTitle ?? pageTitle(title);
  }, [title, exactTitle]);

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
