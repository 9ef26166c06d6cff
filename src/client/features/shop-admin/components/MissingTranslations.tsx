import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import { Alert, List } from '@mantine/core';
import { defineMessages } from 'react-intl';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { AdminChallengeDto } from '#shared/challenges.ts';
import {
  CHALLENGE_TEXT_FIELDS,
  missingTranslations,
  SHOP_TEXT_FIELDS,
  type ChallengeTextField,
  type ShopTextField,
} from '#shared/translations.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { ownLanguageName } from '#client/i18n/language-names.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';

const battleFields = defineMessages<ChallengeTextField>({
  title: { id: 'missingTranslations.battleTitle', defaultMessage: 'title' },
  description: { id: 'missingTranslations.battleDescription', defaultMessage: 'description' },
  themeLabel: { id: 'missingTranslations.battleThemeLabel', defaultMessage: 'theme label' },
});

const shopFields = defineMessages<ShopTextField>({
  name: { id: 'missingTranslations.shopName', defaultMessage: 'name' },
  description: { id: 'missingTranslations.shopDescription', defaultMessage: 'short description' },
  longDescription: {
    id: 'missingTranslations.shopLongDescription',
    defaultMessage: 'description',
  },
  specialties: { id: 'missingTranslations.shopSpecialties', defaultMessage: 'specialties' },
});

/**
 * 'Missing translations' (docs/decisions/0050-content-languages.md): which texts of the battle
 * and of each of its shops are written in its main language but not yet in another of the site's
 * languages, where they show in the main language meanwhile. Nothing when none is missing.
 */
export function MissingTranslations({
  challenge,
  shops,
}: {
  challenge: AdminChallengeDto;
  shops: AdminBusiness[];
}) {
  const intl = useMessages();
  const config = useSiteConfig();
  const scope = { languages: config?.languages ?? [], contentLanguage: challenge.contentLanguage };
  const lines = <Field extends string>(
    name: string,
    missing: { language: string; field: Field }[],
    label: (field: Field) => string,
  ) =>
    [...new Set(missing.map(({ language }) => language))].map((language) => ({
      key: `${name}:${language}`,
      text: intl.formatMessage(
        {
          id: 'missingTranslations.line',
          defaultMessage: '{name}: {fields} in {language}',
        },
        {
          name,
          language: ownLanguageName(language),
          fields: intl.formatList(
            missing.filter((entry) => entry.language === language).map(({ field }) => label(field)),
          ),
        },
      ),
    }));
  const items = [
    ...lines(
      challenge.title,
      // The theme's label counts once the organizer wrote one: the key's words are not a text of theirs.
      missingTranslations(
        { ...challenge, themeLabel: challenge.ownThemeLabel },
        challenge.translations,
        CHALLENGE_TEXT_FIELDS,
        scope,
      ),
      (field) => intl.formatMessage(battleFields[field]),
    ),
    ...shops.flatMap((shop) =>
      lines(
        shop.name,
        missingTranslations(shop, shop.translations, SHOP_TEXT_FIELDS, scope),
        (field) => intl.formatMessage(shopFields[field]),
      ),
    ),
  ];
  if (items.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={intl.formatMessage({
        id: 'missingTranslations.title',
        defaultMessage: 'Missing translations',
      })}
    >
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item.key}>{item.text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
