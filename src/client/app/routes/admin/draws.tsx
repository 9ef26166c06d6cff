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
import { errorText } from '#client/lib/api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /admin/draws: create a challenge's prize draws before it ends and see them revealed after, with
 * the winners' accounts (docs/RULES.md rule 19). Behind RequireAdmin.
 */
export default function AdminDrawsRoute() {
  usePageMeta(pages.adminDraws);
  const { list, selected, choose, notReady, currentId } = useChosenChallenge();
  const draws = useAdminDraws(selected?.id ?? null);
  const newHeadingId = useId();
  const listHeadingId = useId();

  if (notReady) return notReady;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Prize draws
      </Title>
      <Text size="sm" c="dimmed">
        A draw is fixed before the battle ends: the server keeps its seed secret and publishes the
        seed&apos;s SHA-256 now. After the end the seed, the entries and the winners are published
        on the results page, where anyone can verify them.
      </Text>
      <ChallengeSelect
        challenges={list}
        currentId={currentId}
        selected={selected}
        onSelect={choose}
      />
      {!selected ? (
        <Text c="dimmed">Create a challenge first.</Text>
      ) : (
        <>
          <Card withBorder radius="md" component="section" aria-labelledby={newHeadingId}>
            <Title order={2} fz="lg" id={newHeadingId} mb="sm">
              New prize draw
            </Title>
            <DrawForm key={selected.id} challengeId={selected.id} />
          </Card>
          <Stack gap="xs" component="section" aria-labelledby={listHeadingId}>
            <Title order={2} fz="lg" id={listHeadingId}>
              Draws of this challenge
            </Title>
            {draws.isPending ? (
              <PageLoader label="Loading the draws" />
            ) : draws.isError ? (
              <Alert color="red" title="Could not load the draws">
                {errorText(draws.error, 'Failed to fetch the draws.')}
              </Alert>
            ) : (
              <DrawsList challengeId={selected.id} draws={draws.data} />
            )}
            <Anchor component={Link} to={paths.results(selected.id)} size="sm">
              Public results page
            </Anchor>
          </Stack>
        </>
      )}
    </Stack>
  );
}
