import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { PASS_ACTIVATED } from '#shared/payments.ts';

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

const viewPassButton = (
  <Button component={Link} to={paths.profile}>
    View My Pass
  </Button>
);
const homeButton = (
  <Button component={Link} to={paths.home} variant="default">
    Return to Home
  </Button>
);

/** Try Again reloads /checkout without the query (docs/SPEC.md section 2). */
function tryAgain() {
  window.location.assign(paths.checkout);
}

export function AlreadyHasPassView() {
  return (
    <StatusCard
      icon={<IconTicket size={36} aria-hidden />}
      color="coffee"
      title="You Already Have a Battle Pass"
      actions={
        <>
          {viewPassButton}
          {homeButton}
        </>
      }
    >
      <Text>
        Your pass for this challenge is ready to use. Head to your profile to redeem coupons and
        vote.
      </Text>
    </StatusCard>
  );
}

export function PaymentErrorView({ reason }: { reason: string | null }) {
  return (
    <StatusCard
      icon={<IconCircleX size={36} aria-hidden />}
      color="red"
      title="Payment Error"
      actions={
        <>
          <Button onClick={tryAgain}>Try Again</Button>
          {homeButton}
        </>
      }
    >
      <Text>There was a problem processing your payment.</Text>
      {reason && (
        <Text fw={600} c="red.9">
          Reason: {reason.replaceAll('_', ' ')}
        </Text>
      )}
    </StatusCard>
  );
}

/** `message`: the server's; an order with passes to give (docs/RULES.md rule 24) says so. */
export function PaymentSuccessView({ message }: { message: string }) {
  return (
    <StatusCard
      icon={<IconCircleCheck size={36} aria-hidden />}
      color="green"
      title="Payment Successful"
      actions={viewPassButton}
    >
      <Text>
        {message === PASS_ACTIVATED
          ? 'Your battle pass has been activated! Visit each shop, redeem your coupons and vote for your favorite.'
          : message}
      </Text>
    </StatusCard>
  );
}

/** A voucher redeemed on /checkout (docs/RULES.md rule 24): the free pass, shown as a purchase is. */
export function VoucherPassView() {
  return (
    <StatusCard
      icon={<IconCircleCheck size={36} aria-hidden />}
      color="green"
      title="Voucher Redeemed"
      actions={viewPassButton}
    >
      <Text>
        Your free battle pass is ready! Visit each shop and redeem your coupons. Your pass page says
        whether it votes in this battle.
      </Text>
    </StatusCard>
  );
}

export function PaymentNotConfirmedView({ message }: { message: string }) {
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title="Payment Not Confirmed"
      actions={
        <>
          <Button onClick={tryAgain}>Try Again</Button>
          {homeButton}
        </>
      }
    >
      <Text>{message}</Text>
    </StatusCard>
  );
}

export function CheckoutCancelledView() {
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title="Checkout Cancelled"
      actions={
        <>
          <Button onClick={tryAgain}>Try Again</Button>
          {homeButton}
        </>
      }
    >
      <Text>Your checkout was cancelled and you have not been charged.</Text>
    </StatusCard>
  );
}

export function NoCurrentBattleView() {
  return (
    <StatusCard
      icon={<IconAlertTriangle size={36} aria-hidden />}
      color="yellow"
      title="No Active Challenge"
      actions={homeButton}
    >
      <Text>There is no challenge to join right now. Please check back soon.</Text>
    </StatusCard>
  );
}
