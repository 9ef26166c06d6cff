import {
  fieldPerLanguage,
  type ShopTranslationField,
  type Translations,
} from '#shared/translations.ts';
import type { WrittenPerLanguage } from '../errors.ts';

/**
 * A rule's answer that names a shop (cast_vote, redeem_held_coupon): its stored name, and its
 * translations so a message in another language names it as the organizer wrote it there
 * (docs/decisions/0050-content-languages.md). Answers recorded before they carried translations
 * have none, and name the shop by its stored name in every language.
 */
export interface NamedShop {
  shopName: string;
  shopTranslations?: Translations<ShopTranslationField>;
}

/** The `{shopName}` of a message, per language, for `saying` and AppError.writing. */
export const shopNameTexts = (answer: NamedShop): { shopName: WrittenPerLanguage } => ({
  shopName: fieldPerLanguage(answer.shopTranslations ?? {}, 'name'),
});
