import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { VerifyCheckoutResult } from '#shared/payments.ts';
import { useMessages, usePageLanguage } from '#client/i18n/language.tsx';
import { declineReasonMessage, declineReasonValues } from './decline-reasons.ts';

interface StatusCardProps {
  icon: ReactNode;
  color: string;
  title: string;
  children?: ReactNode;
  actions: ReactNode;
}

/** One centred card per checkout outcome (docs/SPEC.md section 2, /checkout views). */
function StatusCard({ icon, color, title, children, actions }: StatusCardProps) {
  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color={color} variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <Group justify="center" gap="sm" wrap="wrap">
            {actions}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

function ViewPassButton() {
  const intl = useMessages();
  return (
    <Button component={Link} to={paths.profile}>
      {intl.formatMessage({ id: 'checkoutViews.viewMyPass', defaultMessage: 'View My Pass' })}
    </Button>
  );
}

function HomeButton() {
  const intl = useMessages();
  return (
    <Button component={Link} to={paths.home} variant="default">
      {intl.formatMessage({ id: 'checkoutViews.returnHome', defaultMessage: 'Return to Home' })}
    </Button>
  );
}

/** Try Again reloads /checkout, in the page's language, without the query (docs/SPEC.md section 2). */
function TryAgainButton() {
  const intl = useMessages();
  const { basename } = usePageLanguage();
  return (
    <Button onClick={() => window.location.assign(`${basename}${paths.checkout}`)}>
      {intl.formatMessage({ id: 'checkoutViews.tryAgain', defaultMessage: 'Try Again' })}
    </Button>
  );
}

export function AlreadyHasPassView() {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconTicket size={36} aria-hidden />}
      color="coffee"
      title={intl.formatMessage({
        id: 'checkoutViews.alreadyHasPass',
        defaultMessage: 'You Already Have a Battle Pass',
      })}
      actions={
        <>
          <ViewPassButton />
          <HomeButton />
        </>
      }
    >
      <Text>
        {intl.formatMessage({
          id: 'checkoutViews.alreadyHasPassText',
          defaultMessage:
            'Your pass for this challenge is ready to use. Head to your profile to redeem coupons and vote.',
        })}
      </Text>
    </StatusCard>
  );
}

export function PaymentErrorView({ reason }: { reason: string | null }) {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconCircleX size={36} aria-hidden />}
      color="red"
      title={intl.formatMessage({
        id: 'checkoutViews.paymentError',
        defaultMessage: 'Payment Error',
      })}
      actions={
        <>
          <TryAgainButton />
          <HomeButton />
        </>
      }
    >
      <Text>
        {intl.formatMessage({
          id: 'checkoutViews.paymentErrorText',
          defaultMessage: 'There was a problem processing your payment.',
        })}
      </Text>
      {reason && (
        <Text fw={600} c="red.9">
          {intl.formatMessage(
            { id: 'checkoutViews.reason', defaultMessage: 'Reason: {reason}' },
            { reason: intl.formatMessage(declineReasonMessage, declineReasonValues(reason)) },
          )}
        </Text>
      )}
    </StatusCard>
  );
}

/**
 * One pass for oneself: the page's own words; an order with passes to give (docs/RULES.md rule 24):
 * the server's message, which says so.
 */
export function PaymentSuccessView({ result }: { result: VerifyCheckoutResult }) {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconCircleCheck size={36} aria-hidden />}
      color="green"
      title={intl.formatMessage({
        id: 'checkoutViews.paymentSuccessful',
        defaultMessage: 'Payment Successful',
      })}
      actions={<ViewPassButton />}
    >
      <Text>
        {result.passesToGive === 0
          ? intl.formatMessage({
              id: 'checkoutViews.passActivated',
              defaultMessage:
                'Your battle pass has been activated! Visit each shop, redeem your coupons and vote for your favorite.',
            })
          : result.message}
      </Text>
    </StatusCard>
  );
}

/** A voucher redeemed on /checkout (docs/RULES.md rule 24): the free pass, shown as a purchase is. */
export function VoucherPassView() {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconCircleCheck size={36} aria-hidden />}
      color="green"
      title={intl.formatMessage({
        id: 'checkoutViews.voucherRedeemed',
        defaultMessage: 'Voucher Redeemed',
      })}
      actions={<ViewPassButton />}
    >
      <Text>
        {intl.formatMessage({
          id: 'checkoutViews.voucherRedeemedText',
          defaultMessage:
            'Your free battle pass is ready! Visit each shop and redeem your coupons. Your pass page says whether it votes in this battle.',
        })}
      </Text>
    </StatusCard>
  );
}

export function PaymentNotConfirmedView({ message }: { message: string }) {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title={intl.formatMessage({
        id: 'checkoutViews.paymentNotConfirmed',
        defaultMessage: 'Payment Not Confirmed',
      })}
      actions={
        <>
          <TryAgainButton />
          <HomeButton />
        </>
      }
    >
      <Text>{message}</Text>
    </StatusCard>
  );
}

export function CheckoutCancelledView() {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title={intl.formatMessage({
        id: 'checkoutViews.cancelled',
        defaultMessage: 'Checkout Cancelled',
      })}
      actions={
        <>
          <TryAgainButton />
          <HomeButton />
        </>
      }
    >
      <Text>
        {intl.formatMessage({
          id: 'checkoutViews.cancelledText',
          defaultMessage: 'Your checkout was cancelled and you have not been charged.',
        })}
      </Text>
    </StatusCard>
  );
}

export function NoCurrentBattleView() {
  const intl = useMessages();
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title={intl.formatMessage({
        id: 'checkoutViews.noChallenge',
        defaultMessage: 'No Active Challenge',
      })}
      actions={<HomeButton />}
    >
      <Text>
        {intl.formatMessage({
          id: 'checkoutViews.noChallengeText',
          defaultMessage: 'There is no challenge to join right now. Please check back soon.',
        })}
      </Text>
    </StatusCard>
  );
}
