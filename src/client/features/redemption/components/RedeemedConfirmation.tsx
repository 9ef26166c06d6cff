import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { paths } from '#shared/paths.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { dateTimeFormat } from '#shared/intl-formats.ts';
import classes from './RedeemedConfirmation.module.css';

/** How long the cashier's screen stands alone before the member is offered 'Vote now'. */
export const CONFIRMATION_MS = 3_000;

export interface Redeemed {
  shopName: string;
  /** The server's words: 'Your $5 coupon at … has been redeemed. You earned a vote!' */
  message: string;
  /** Whether the pass has a vote to cast: a voucher's free pass may not vote (docs/decisions/0044). */
  canVote: boolean;
}

/** The clock in the page's language: '3:04:05 PM', '3:04:05 p.m.'. */
const clockFormat = (locale: string) =>
  dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** The time now, renewed every second: the cashier sees it tick. */
function useTickingClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Confirmation({ redeemed, onClose }: { redeemed: Redeemed; onClose: () => void }) {
  const intl = useMessages();
  const now = useTickingClock();
  const clock = useMemo(() => clockFormat(intl.locale), [intl.locale]);
  const [offerVote, setOfferVote] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOfferVote(true), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack align="center" justify="center" gap="lg" mih="80dvh" ta="center">
      <IconCircleCheck size={96} color="var(--mantine-color-teal-8)" aria-hidden />
      <Text size="xl" fw={600}>
        {redeemed.shopName}
      </Text>
      <Text fz={64} fw={800} lh={1} c="teal.9">
        {formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale })}
      </Text>
      <Text size="lg">{redeemed.message}</Text>
      <Text
        component="time"
        dateTime={now.toISOString()}
        fz={40}
        fw={700}
        className={classes.clock}
        aria-label={intl.formatMessage({
          id: 'redeemedConfirmation.timeNow',
          defaultMessage: 'Time now',
        })}
      >
        {clock.format(now)}
      </Text>
      <div className={classes.sweep} style={{ width: '100%' }} aria-hidden />
      {offerVote && (
        <Stack gap="sm" w="100%">
          {redeemed.canVote && (
            <Button component={Link} to={`${paths.profile}?tab=votes`} size="lg" onClick={onClose}>
              {intl.formatMessage({
                id: 'redeemedConfirmation.voteNow',
                defaultMessage: 'Vote now',
              })}
            </Button>
          )}
          <Button variant={redeemed.canVote ? 'default' : 'filled'} onClick={onClose}>
            {intl.formatMessage({ id: 'redeemedConfirmation.done', defaultMessage: 'Done' })}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * docs/decisions/0017, the member at the counter: after a redemption the phone fills with what
 * the cashier checks (the shop, the coupon's value, the time with ticking seconds) and a moving
 * bar, so a screenshot of an earlier one does not pass for it. After a few seconds it offers
 * 'Vote now' (the 'Your Votes' tab) when the pass has a vote to cast, and 'Done'.
 */
export function RedeemedConfirmation({
  redeemed,
  onClose,
}: {
  redeemed: Redeemed | null;
  onClose: () => void;
}) {
  const intl = useMessages();
  return (
    <Modal
      opened={redeemed !== null}
      onClose={onClose}
      fullScreen
      title={intl.formatMessage({
        id: 'redeemedConfirmation.title',
        defaultMessage: 'Coupon Redeemed',
      })}
      closeOnEscape={false}
      withCloseButton={false}
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
    >
      {redeemed && <Confirmation redeemed={redeemed} onClose={onClose} />}
    </Modal>
  );
}
