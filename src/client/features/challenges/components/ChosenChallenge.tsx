import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { challengeListWords } from '#client/lib/admin-words.ts';
import { errorText } from '#client/lib/api.ts';
import { useCurrentBattle } from '#client/lib/current-battle.ts';
import { useAdminChallenges } from '../api/get-admin-challenges.ts';

/**
 * The challenge an organizer page is about: the one picked in ChallengeSelect, by default the
 * current battle (docs/GLOSSARY.md; several may be published), else the newest (the list comes
 * newest first). `notReady` is what the page shows
 * instead while the challenges load or when they fail to.
 */
export function useChosenChallenge() {
  const challenges = useAdminChallenges();
  const current = useCurrentBattle();
  const intl = useMessages();
  const [chosenId, choose] = useState<number | null>(null);
  const list = challenges.data ?? [];
  const currentId = current.data?.id ?? null;
  const selected =
    list.find((challenge) => challenge.id === chosenId) ??
    list.find((challenge) => challenge.id === currentId) ??
    list[0] ??
    null;
  let notReady: ReactElement | null = null;
  if (challenges.isPending || current.isPending)
    notReady = <PageLoader label={intl.formatMessage(challengeListWords.loading)} />;
  else if (challenges.isError) {
    notReady = (
      <Alert color="red" title={intl.formatMessage(challengeListWords.loadFailed)} m="md">
        {errorText(challenges.error, intl.formatMessage(challengeListWords.fetchFailed))}
      </Alert>
    );
  }
  return { list, selected, choose, notReady, currentId };
}
