import { useId, type MouseEvent } from 'react';
import { Group, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { languagePath } from '#shared/languages.ts';
import { endpoints } from '#shared/endpoints.ts';
import { api } from '#client/lib/api.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import { useMessages, usePageLanguage } from '#client/i18n/language.tsx';
import { ownLanguageName as ownName } from '#client/i18n/language-names.ts';

/**
 * The page in each of the site's languages (docs/decisions/0048-languages.md): plain links to the
 * same address in the other language, so they work on a document before the app is there. A
 * signed-in member's choice is saved on their account first (PUT /api/user/language); the page
 * then loads anew, in that language's words.
 */
export function LanguageSwitch({ signedIn }: { signedIn: boolean }) {
  const config = useSiteConfig();
  const intl = useMessages();
  const { language: current } = usePageLanguage();
  const { pathname, search, hash } = useLocation();
  const labelId = useId();
  if (!config || config.languages.length < 2) return null;

  const choose = (language: string) => async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!signedIn) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    // The new page is what matters: a choice not saved now is asked for again at the next switch.
    await api
      .put(endpoints.userLanguage.path, { body: { language } })
      .catch((error: unknown) => console.warn('the language was not saved', error));
    window.location.assign(href);
  };

  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" c="dimmed">
        {intl.formatMessage({ id: 'languageSwitch.label', defaultMessage: 'Language' })}
      </Text>
      {config.languages.map((language) =>
        language === current ? (
          <Text key={language} size="sm" fw={700} lang={language} aria-current="true">
            {ownName(language)}
          </Text>
        ) : (
          <a
            key={language}
            href={languagePath(`${pathname}${search}${hash}`, language, config.defaultLanguage)}
            hrefLang={language}
            lang={language}
            onClick={(event) => void choose(language)(event)}
          >
            {ownName(language)}
          </a>
        ),
      )}
    </Group>
  );
}
