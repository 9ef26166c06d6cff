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
  TextInput,
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
import { useApplySandboxPromo } from '../api/apply-sandbox-promo.ts';
import { errorText } from '#client/lib/api.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { declineReasonMessage, declineReasonValues } from './decline-reasons.ts';

/**
 * The offline provider's hosted payment page (docs/RULES.md rule 6): Pay, Decline with a reason or
 * Cancel, then back to /checkout?status=… exactly as a real provider returns.
 */
export function SandboxPaymentPanel({ sessionId }: { sessionId: string }) {
  const intl = useMessages();
  const session = useSandboxSession(sessionId);
  const settle = useSettleSandboxSession(sessionId);
  const navigate = useNavigate();
  const [reason, setReason] = useState<SandboxDeclineReason>('Card_declined');
  const applyPromo = useApplySandboxPromo(sessionId);
  const [promoCode, setPromoCode] = useState('');

  const backToCheckout = intl.formatMessage({
    id: 'sandboxPayment.backToCheckout',
    defaultMessage: 'Back to checkout',
  });
  if (session.isPending) return <PageLoader />;
  if (session.isError) {
    return (
      <Container size="xs" py="xl">
        <Alert
          color="red"
          title={intl.formatMessage({
            id: 'sandboxPayment.notFound',
            defaultMessage: 'Checkout session not found',
          })}
        >
          {intl.formatMessage({
            id: 'sandboxPayment.notFoundText',
            defaultMessage: 'This payment page has expired or belongs to another account.',
          })}{' '}
          <Link to={paths.checkout}>{backToCheckout}</Link>
        </Alert>
      </Container>
    );
  }

  const { battleTitle, quantity, amountCents, discountCents, currency, status } = session.data;
  const money = (cents: number) =>
    formatMoney(cents / 100, { currency, cents: true, locale: intl.locale });
  const submit = (action: SandboxAction) => {
    settle.mutate(action, {
      onSuccess: ({ redirectUrl }) => void navigate(redirectUrl, { replace: true }),
    });
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Alert
            color="coffee"
            icon={<IconFlask size={20} aria-hidden />}
            title={intl.formatMessage({
              id: 'sandboxPayment.title',
              defaultMessage: 'Sandbox payment',
            })}
          >
            {intl.formatMessage({
              id: 'sandboxPayment.testMode',
              defaultMessage: 'Test mode: no card is needed and no money moves.',
            })}
          </Alert>
          <Title order={1} size="h2">
            {intl.formatMessage({
              id: 'sandboxPayment.completePayment',
              defaultMessage: 'Complete your payment',
            })}
          </Title>
          <Group justify="space-between" wrap="nowrap">
            <Text>
              {intl.formatMessage(
                {
                  id: 'sandboxPayment.description',
                  defaultMessage:
                    '{quantity, plural, one {{title} Battle Pass} other {{title} Battle Pass × {quantity}}}',
                },
                { title: battleTitle, quantity },
              )}
            </Text>
            <Text fw={800} fz="xl">
              {money(amountCents)}
            </Text>
          </Group>
          {discountCents > 0 && (
            <Text size="sm" c="dimmed" role="status">
              {intl.formatMessage(
                {
                  id: 'sandboxPayment.promoApplied',
                  defaultMessage: 'Promo code {code}: {discount} off {full}. Total {total}.',
                },
                {
                  code: session.data.promoCode,
                  discount: money(discountCents),
                  full: money(amountCents + discountCents),
                  total: money(amountCents),
                },
              )}
            </Text>
          )}
          {status !== 'pending' ? (
            <Alert
              color="yellow"
              title={intl.formatMessage({
                id: 'sandboxPayment.closed',
                defaultMessage: 'This checkout session is closed',
              })}
            >
              <Link to={paths.checkout}>{backToCheckout}</Link>
            </Alert>
          ) : (
            <>
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  applyPromo.mutate(promoCode.trim());
                }}
              >
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    label={intl.formatMessage({
                      id: 'sandboxPayment.promoCode',
                      defaultMessage: 'Promo code',
                    })}
                    style={{ flex: 1 }}
                    value={promoCode}
                    onChange={(event) => setPromoCode(event.currentTarget.value)}
                    autoCapitalize="characters"
                    autoComplete="off"
                  />
                  <Button type="submit" variant="default" loading={applyPromo.isPending}>
                    {intl.formatMessage({ id: 'sandboxPayment.apply', defaultMessage: 'Apply' })}
                  </Button>
                </Group>
              </form>
              {applyPromo.isError && (
                <Alert
                  color="red"
                  title={intl.formatMessage({
                    id: 'sandboxPayment.promoNotApplied',
                    defaultMessage: 'Promo code not applied',
                  })}
                  role="alert"
                >
                  {errorText(
                    applyPromo.error,
                    intl.formatMessage({
                      id: 'sandboxPayment.tryAgain',
                      defaultMessage: 'Please try again.',
                    }),
                  )}
                </Alert>
              )}
              <Button
                size="md"
                fullWidth
                loading={settle.isPending}
                onClick={() => submit({ action: 'pay' })}
              >
                {intl.formatMessage(
                  { id: 'sandboxPayment.pay', defaultMessage: 'Pay {amount}' },
                  { amount: money(amountCents) },
                )}
              </Button>
              <Divider
                label={intl.formatMessage({
                  id: 'sandboxPayment.simulateFailure',
                  defaultMessage: 'or simulate a failure',
                })}
                labelPosition="center"
              />
              <Select
                label={intl.formatMessage({
                  id: 'sandboxPayment.declineReason',
                  defaultMessage: 'Decline reason',
                })}
                data={SANDBOX_DECLINE_REASONS.map((value) => ({
                  value,
                  label: intl.formatMessage(declineReasonMessage, declineReasonValues(value)),
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
                  {intl.formatMessage({ id: 'sandboxPayment.decline', defaultMessage: 'Decline' })}
                </Button>
                <Button
                  variant="default"
                  disabled={settle.isPending}
                  onClick={() => submit({ action: 'cancel' })}
                >
                  {intl.formatMessage({ id: 'sandboxPayment.cancel', defaultMessage: 'Cancel' })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
