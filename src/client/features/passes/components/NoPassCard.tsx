import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ChallengePhase } from '#shared/challenge-phase.ts';
import { formatInstant } from '#shared/date-range.ts';
import type { ChallengeDto } from '#shared/challenges.ts';
import { paths } from '#shared/paths.ts';
import { useCreateTestPass } from '../api/create-test-pass.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

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
  const intl = useMessages();
  const locale = intl.locale;
  const price = formatMoney(challenge.price, { locale });
  const onSale = phase === 'running';
  const createTestPass = useCreateTestPass();
  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {intl.formatMessage({ id: 'noPass.title', defaultMessage: 'No Pass Found' })}
          </Title>
          <Text>
            {intl.formatMessage({
              id: 'noPass.text',
              defaultMessage: "You don't have a battle pass for the current challenge yet.",
            })}
          </Text>
          <Paper bg="coffee.0" p="md">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {challenge.title}
              </Title>
              <Text>{challenge.description}</Text>
              <Text fz="sm">
                {phase === 'upcoming'
                  ? intl.formatMessage(
                      { id: 'noPass.starts', defaultMessage: 'Starts {date}' },
                      { date: formatInstant(challenge.startDate, challenge.timeZone, { locale }) },
                    )
                  : intl.formatMessage(
                      {
                        id: 'noPass.ends',
                        defaultMessage: '{ended, select, true {Ended} other {Ends}} {date}',
                      },
                      {
                        ended: String(phase === 'ended'),
                        date: formatInstant(challenge.endDate, challenge.timeZone, {
                          time: false,
                          locale,
                        }),
                      },
                    )}
              </Text>
              <Text fw={700}>
                {intl.formatMessage(
                  { id: 'noPass.price', defaultMessage: 'Price: {price}' },
                  { price },
                )}
              </Text>
            </Stack>
          </Paper>
          {phase === 'ended' && (
            <Alert
              color="yellow"
              title={intl.formatMessage({
                id: 'noPass.endedTitle',
                defaultMessage: 'This battle has ended',
              })}
            >
              {intl.formatMessage({
                id: 'noPass.endedText',
                defaultMessage: 'Passes are no longer sold for it.',
              })}
            </Alert>
          )}
          {phase === 'upcoming' && (
            <Alert
              color="yellow"
              title={intl.formatMessage({
                id: 'noPass.upcomingTitle',
                defaultMessage: 'This battle has not started yet',
              })}
            >
              {intl.formatMessage({
                id: 'noPass.upcomingText',
                defaultMessage: 'Passes go on sale when it starts.',
              })}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={paths.home} variant="default">
              {intl.formatMessage({ id: 'noPass.home', defaultMessage: 'Back to Home' })}
            </Button>
            {onSale && (
              <Button component={Link} to={paths.checkout}>
                {intl.formatMessage(
                  { id: 'noPass.buy', defaultMessage: 'Buy Pass ({price})' },
                  { price },
                )}
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
              {intl.formatMessage({
                id: 'noPass.testPass',
                defaultMessage: 'Create Test Pass For This Account',
              })}
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
