import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ChallengePhase } from '#shared/challenge-phase.ts';
import { formatInstant } from '#shared/date-range.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { paths } from '#shared/paths.ts';
import { useCreateTestPass } from '../api/create-test-pass.ts';
import { formatMoney } from '#shared/money.ts';

/**
 * /profile for a member without a pass (docs/SPEC.md section 2), with the rule-5 testing button.
 * Buying and the test pass are offered only while the battle runs, as the server sells.
 */
export function NoPassCard({
  challenge,
  phase,
  testToolsEnabled,
}: {
  challenge: ChallengeDto;
  phase: ChallengePhase;
  testToolsEnabled: boolean;
}) {
  const onSale = phase === 'running';
  const createTestPass = useCreateTestPass();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            No Pass Found
          </Title>
          <Text>You don&apos;t have a battle pass for the current challenge yet.</Text>
          <Paper bg="coffee.0" p="md">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {challenge.title}
              </Title>
              <Text>{challenge.description}</Text>
              <Text fz="sm">
                {phase === 'upcoming'
                  ? `Starts ${formatInstant(challenge.startDate, challenge.timeZone)}`
                  : `${phase === 'ended' ? 'Ended' : 'Ends'} ${formatInstant(challenge.endDate, challenge.timeZone, { time: false })}`}
              </Text>
              <Text fw={700}>Price: {formatMoney(challenge.price)}</Text>
            </Stack>
          </Paper>
          {phase === 'ended' && (
            <Alert color="yellow" title="This battle has ended">
              Passes are no longer sold for it.
            </Alert>
          )}
          {phase === 'upcoming' && (
            <Alert color="yellow" title="This battle has not started yet">
              Passes go on sale when it starts.
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={paths.home} variant="default">
              Back to Home
            </Button>
            {onSale && (
              <Button component={Link} to={paths.checkout}>
                Buy Pass ({formatMoney(challenge.price)})
              </Button>
            )}
          </Group>
          {testToolsEnabled && onSale && (
            <Button
              variant="light"
              loading={createTestPass.isPending}
              onClick={() => {
                createTestPass.mutate();
              }}
            >
              Create Test Pass For This Account
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
