import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { ChallengeSelect } from '#client/features/challenges/components/ChallengeSelect.tsx';
import { useChosenChallenge } from '#client/features/challenges/components/ChosenChallenge.tsx';
import { useAudienceCounts, useMessageHistory } from '#client/features/messages/api/messages.ts';
import { MessageComposer } from '#client/features/messages/components/MessageComposer.tsx';
import { MessageHistoryTable } from '#client/features/messages/components/MessageHistoryTable.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /admin/messages: write to a challenge's pass holders (docs/RULES.md rule 20), and
 * the messages sent with their delivery counts. Behind RequireAdmin.
 */
export default function AdminMessagesRoute() {
  usePageMeta(pages.adminMessages);
  const { list, selected, choose, notReady } = useChosenChallenge();
  const counts = useAudienceCounts(selected?.id ?? null);
  const history = useMessageHistory(selected?.id ?? null);
  const intl = useMessages();

  if (notReady) return notReady;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {intl.formatMessage({ id: 'adminMessages.heading', defaultMessage: 'Messages' })}
      </Title>
      <ChallengeSelect challenges={list} selected={selected} onSelect={choose} />
      {!selected ? (
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'adminMessages.noChallenge',
            defaultMessage: 'Create a challenge first.',
          })}
        </Text>
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="compose-heading">
            <Title order={2} size="h3" id="compose-heading">
              {intl.formatMessage({ id: 'adminMessages.new', defaultMessage: 'New Message' })}
            </Title>
            <MessageComposer
              key={selected.id}
              challengeId={selected.id}
              challengeTitle={selected.title}
              contentLanguage={selected.contentLanguage}
              counts={counts.data}
            />
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="history-heading">
            <Title order={2} size="h3" id="history-heading">
              {intl.formatMessage({ id: 'adminMessages.sent', defaultMessage: 'Sent' })}
            </Title>
            {history.isError ? (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'adminMessages.loadFailed',
                  defaultMessage: 'Could not load the messages',
                })}
              >
                {errorText(
                  history.error,
                  intl.formatMessage({
                    id: 'adminMessages.fetchFailed',
                    defaultMessage: 'Failed to fetch the messages.',
                  }),
                )}
              </Alert>
            ) : (
              <MessageHistoryTable messages={history.data ?? []} timeZone={selected.timeZone} />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
