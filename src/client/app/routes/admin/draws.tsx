import { pages } from '#shared/pages.ts';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { ChallengeSelect } from '#client/features/challenges/components/ChallengeSelect.tsx';
import { useChosenChallenge } from '#client/features/challenges/components/ChosenChallenge.tsx';
import { useAdminDraws } from '#client/features/draws/api/draws.ts';
import { DrawForm } from '#client/features/draws/components/DrawForm.tsx';
import { DrawsList } from '#client/features/draws/components/DrawsList.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { useChallengePhase } from '#client/lib/challenge-phase.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /admin/draws: create a challenge's prize draws before it ends and see them revealed after, with
 * the winners' accounts (docs/RULES.md rule 19). Plain words first, the cryptography in a details
 * block. Behind RequireAdmin.
 */
export default function AdminDrawsRoute() {
  usePageMeta(pages.adminDraws);
  const intl = useMessages();
  const { list, selected, choose, notReady } = useChosenChallenge();
  const draws = useAdminDraws(selected?.id ?? null);
  // The server refuses a draw after the end and a reveal before it; the page says so first.
  const ended = useChallengePhase(selected) === 'ended';
  const newHeadingId = useId();
  const listHeadingId = useId();

  if (notReady) return notReady;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {intl.formatMessage({ id: 'adminDraws.title', defaultMessage: 'Prize draws' })}
      </Title>
      <Stack gap={4}>
        <Text size="sm">
          {intl.formatMessage({
            id: 'adminDraws.intro',
            defaultMessage:
              'A prize draw picks winners by chance among the members who took part. Create it before the battle ends; once it is over the winners are drawn, shown here and emailed. Nobody, the organizers included, can choose or change them.',
          })}
        </Text>
        <Text component="details" size="sm">
          <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
            {intl.formatMessage({
              id: 'adminDraws.howToCheck',
              defaultMessage: 'How anyone can check a draw',
            })}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {intl.formatMessage({
              id: 'adminDraws.howToCheckText',
              defaultMessage:
                'When a draw is created the server picks a secret random seed and publishes its SHA-256 (the commitment) at once. After the end it publishes the seed, the entries file and the winners on the results page: the seed matches the commitment, and the winners follow from the seed and the entries by HMAC-SHA256, so anyone can recompute them there with ‘Verify’.',
            })}
          </Text>
        </Text>
      </Stack>
      <ChallengeSelect challenges={list} selected={selected} onSelect={choose} />
      {!selected ? (
        <Text c="dimmed">
          {intl.formatMessage({
            id: 'adminDraws.noChallenge',
            defaultMessage: 'Create a challenge first.',
          })}
        </Text>
      ) : (
        <>
          <Card withBorder radius="md" component="section" aria-labelledby={newHeadingId}>
            <Title order={2} fz="lg" id={newHeadingId} mb="sm">
              {intl.formatMessage({ id: 'adminDraws.newDraw', defaultMessage: 'New prize draw' })}
            </Title>
            {ended ? (
              <Text>
                {intl.formatMessage({
                  id: 'adminDraws.ended',
                  defaultMessage:
                    'This battle has ended, so no new draw can be made: a draw is fixed before anyone knows who took part.',
                })}
              </Text>
            ) : (
              <DrawForm
                key={selected.id}
                challengeId={selected.id}
                contentLanguage={selected.contentLanguage}
              />
            )}
          </Card>
          <Stack gap="xs" component="section" aria-labelledby={listHeadingId}>
            <Title order={2} fz="lg" id={listHeadingId}>
              {intl.formatMessage({
                id: 'adminDraws.listTitle',
                defaultMessage: 'Draws of this challenge',
              })}
            </Title>
            {draws.isPending ? (
              <PageLoader
                label={intl.formatMessage({
                  id: 'adminDraws.loading',
                  defaultMessage: 'Loading the draws',
                })}
              />
            ) : draws.isError ? (
              <Alert
                color="red"
                title={intl.formatMessage({
                  id: 'adminDraws.loadFailed',
                  defaultMessage: 'Could not load the draws',
                })}
              >
                {errorText(
                  draws.error,
                  intl.formatMessage({
                    id: 'adminDraws.fetchFailed',
                    defaultMessage: 'Failed to fetch the draws.',
                  }),
                )}
              </Alert>
            ) : (
              <DrawsList challenge={selected} ended={ended} draws={draws.data} />
            )}
            <Anchor component={Link} to={paths.results(selected.id)} size="sm">
              {intl.formatMessage({
                id: 'adminDraws.resultsLink',
                defaultMessage: 'Public results page',
              })}
            </Anchor>
          </Stack>
        </>
      )}
    </Stack>
  );
}
