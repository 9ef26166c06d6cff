import { Alert, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import type { PassDto } from '#shared/passes.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * PLACEHOLDER for the profile WITH a pass (stats, coupons, votes), built in another issue: it
 * replaces this component. It shows the heading and the pass status, including why a pass was
 * switched off (refund, dispute), which the member must always be able to see.
 */
export function PassHolderView({ pass, challenge }: { pass: PassDto; challenge: ChallengeDto }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Your Coffee Challenge</Title>
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Text fw={700}>{challenge.title}</Text>
            <Group gap="sm">
              <Text>Pass status:</Text>
              <Badge color={pass.active ? 'coffee' : 'red.9'}>
                {pass.active ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
            <Text fz="sm">Purchased {dateFormat.format(new Date(pass.purchaseDate))}</Text>
          </Stack>
        </Paper>
        {!pass.active && (
          <Alert color="red" title="This pass is no longer active">
            {pass.inactiveReason ?? 'Your pass was switched off.'} Its coupons can no longer be
            redeemed and its votes no longer count.
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
