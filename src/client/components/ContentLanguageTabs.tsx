import '@mantine/core/styles/Tabs.css';
import type { ReactNode } from 'react';
import { Stack, Tabs, Text } from '@mantine/core';
import { useMessages } from '#client/i18n/language.tsx';
import { ownLanguageName } from '#client/i18n/language-names.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';

/** The site's languages with the content language first: its tab is the one that is required. */
export function languagesContentFirst(
  languages: readonly string[],
  contentLanguage: string,
): string[] {
  return [contentLanguage, ...languages.filter((language) => language !== contentLanguage)];
}

/**
 * The organizer's texts in each of the site's languages (docs/decisions/0050-content-languages.md):
 * one tab per language, named in its own words, the content language's first and required as
 * before, the others optional. With one language on, just its fields. Only the open tab's fields
 * are mounted (their texts live in the form's values), so each label names one field on the page.
 */
export function ContentLanguageTabs({
  contentLanguage,
  children,
}: {
  contentLanguage: string;
  /** The fields of one language's tab. */
  children: (language: string) => ReactNode;
}) {
  const intl = useMessages();
  const config = useSiteConfig();
  const languages = languagesContentFirst(config?.languages ?? [], contentLanguage);
  if (languages.length < 2) return <Stack gap="md">{children(contentLanguage)}</Stack>;
  return (
    <Stack gap="xs">
      <Tabs defaultValue={contentLanguage} keepMounted={false}>
        <Tabs.List>
          {languages.map((language) => (
            <Tabs.Tab key={language} value={language} lang={language}>
              {ownLanguageName(language)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((language) => (
          <Tabs.Panel key={language} value={language} pt="sm">
            <Stack gap="md">{children(language)}</Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text size="xs" c="dimmed">
        {intl.formatMessage(
          {
            id: 'contentLanguageTabs.fallback',
            defaultMessage:
              'The other languages are optional: a text left empty shows in {language}.',
          },
          { language: ownLanguageName(contentLanguage) },
        )}
      </Text>
    </Stack>
  );
}
