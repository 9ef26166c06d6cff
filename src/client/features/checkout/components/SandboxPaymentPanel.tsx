import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  SANDBOX_DECLINE_REASONS,
  type SandboxAction,
  type SandboxDeclineReason,
} from '#shared/payments.ts';
import { paths } from '#shared/paths.ts';
import { PageLoader } from '#client/components/PageLoader.tsx';
import { useSandboxSession } from '../api/get-sandbox-session.ts';
import { useSettleSandboxSession } from '../api/settle-sandbox-session.ts';
import { formatMoney } from '#shared/money.ts';

/**
 * The offline provider's hosted payment page (docs/RULES.md rule 6): Pay, Decline with a reason or
 * Cancel, then back to /checkout?status=… exactly as a real provider returns.
 */
export function SandboxPaymentPanel({ sessionId }: { sessionId: string }) {
  const session = useSandboxSession(sessionId);
  const settle = useSettleSandboxSession(sessionId);
  const navigate = useNavigate();
  const [reason, setReason] = useState<SandboxDeclineReason>('Card_declined');

  if (session.isPending) return <PageLoader />;
  if (session.isError) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red" title="Checkout session not found">
          This payment page has expired or belongs to another account.{' '}
          <Link to={paths.checkout}>Back to checkout</Link>
        </Alert>
      </Container>
    );
  }

  const { description, amountCents, currency, status } = session.data;
  const submit = (action: SandboxAction) => {
    settle.mutate(action, {
      onSuccess: ({ redirectUrl }) => void navigate(redirectUrl, { replace: true }),
    });
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Alert color="coffee" icon={<IconFlask size={20} aria-hidden />} title="Sandbox payment">
            Test mode: no card is needed and no money moves.
          </Alert>
          <Title order={1} size="h2">
            Complete your payment
          </Title>
          <Group justify="space-between" wrap="nowrap">
            <Text>{description}</Text>
            <Text fw={800} fz="xl">
              {formatMoney(amountCents / 100, { currency, cents: true })}
            </Text>
          </Group>
          {status !== 'pending' ? (
            <Alert color="yellow" title="This checkout session is closed">
              <Link to={paths.checkout}>Back to checkout</Link>
            </Alert>
          ) : (
            <>
              <Button
                size="md"
                fullWidth
                loading={settle.isPending}
                onClick={() => submit({ action: 'pay' })}
              >
                Pay {formatMoney(amountCents / 100, { currency, cents: true })}
              </Button>
              <Divider label="or simulate a failure" labelPosition="center" />
              <Select
                label="Decline reason"
                data={SANDBOX_DECLINE_REASONS.map((value) => ({
                  value,
                  label: value.replaceAll('_', ' '),
                }))}
                value={reason}
                allowDeselect={false}
                onChange={(value) => {
                  if (value) setReason(value);
                }}
              />
              <Group grow>
                <Button
                  variant="outline"
                  color="red.8"
                  disabled={settle.isPending}
                  onClick={() => submit({ action: 'decline', reason })}
                >
                  Decline
                </Button>
                <Button
                  variant="default"
                  disabled={settle.isPending}
                  onClick={() => submit({ action: 'cancel' })}
                >
                  Cancel
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
