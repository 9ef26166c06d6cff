import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { COUPON_VALUE_DOLLARS, REDEMPTION_CODE_PATTERN } from '#shared/constants.ts';
import type { PassStop } from '#client/lib/member-progress.ts';
import { redemptionErrorText, triesLeftText, useRedeemCoupon } from '../api/redeem-coupon.ts';
import { formatMoney } from '#shared/money.ts';
import { ApiError } from '#client/lib/api.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useOnline } from '#client/lib/offline.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/auth.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { saveAndSendRedemption } from '../offline-redemptions.ts';
import { RedeemedConfirmation, type Redeemed } from './RedeemedConfirmation.tsx';
import { SavedOfflineConfirmation, type SavedOffline } from './SavedOfflineConfirmation.tsx';

export interface RedeemCouponDialogProps {
  coupon: PassStop;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Redeem Coupon': the cashier's 4-digit code, typed on a phone's number pad (numeric input
 * mode, one-time-code autofill, at most 4 digits). The server checks it; a refusal shows here,
 * with the field cleared for the next try and the tries left before the lock; a redemption fills
 * the screen for the cashier (RedeemedConfirmation). Its parent keeps it mounted after the coupon
 * is redeemed, so that confirmation stays. Without a network (offline, or the request never
 * reached the server) the code is saved on the phone instead (docs/decisions/0042) and the
 * screen says so (SavedOfflineConfirmation), never that it was redeemed.
 */
export function RedeemCouponDialog({ coupon, opened, onClose }: RedeemCouponDialogProps) {
  const intl = useMessages();
  const redeem = useRedeemCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Optional, never asked for before redeeming: tapping the chosen answer again clears it.
  const [firstVisit, setFirstVisit] = useState<boolean | undefined>(undefined);
  const questionId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  const [savedOffline, setSavedOffline] = useState<SavedOffline | null>(null);
  const online = useOnline();
  const queryClient = useQueryClient();

  const close = () => {
    setCode('');
    setError(null);
    setFirstVisit(undefined);
    redeem.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!REDEMPTION_CODE_PATTERN.test(code)) {
      setError(
        intl.formatMessage({
          id: 'redeemDialog.fourDigits',
          defaultMessage: 'Redemption code must be exactly 4 digits',
        }),
      );
      return;
    }
    setError(null);
    const saveOffline = async () => {
      // The account the page holds (the auth feature's answer, kept offline): its codes only.
      const user = queryClient.getQueryData<PublicUser | null>(queryKeys.user);
      if (!user) {
        setError(
          intl.formatMessage({
            id: 'redeemDialog.signInToSave',
            defaultMessage: 'Sign in again to save this code offline',
          }),
        );
        return;
      }
      const enteredAt = new Date().toISOString();
      try {
        await saveAndSendRedemption(
          {
            nonce: crypto.randomUUID(),
            couponId: coupon.id,
            userId: user.id,
            redemptionCode: code,
            enteredAt,
            firstVisit,
          },
          intl,
          () => queryClient.invalidateQueries({ queryKey: queryKeys.member.all }),
        );
      } catch {
        setError(
          intl.formatMessage({
            id: 'redeemDialog.couldNotSave',
            defaultMessage: 'This phone could not save the code: ask the cashier to note it',
          }),
        );
        return;
      }
      setSavedOffline({ shopName: coupon.business.name, enteredAt });
      close();
    };
    if (!online) {
      void saveOffline();
      return;
    }
    redeem.mutate(
      { couponId: coupon.id, redemptionCode: code, firstVisit },
      {
        onSuccess: (result) => {
          setRedeemed({
            shopName: coupon.business.name,
            message: result.message,
            canVote: result.availableVotes > 0,
          });
          close();
        },
        onError: (failure) => {
          // No answer at all: the signal dropped on the way, so the code is kept for later.
          if (!(failure instanceof ApiError)) {
            void saveOffline();
            return;
          }
          const triesLeft = triesLeftText(failure, intl);
          setError(`${redemptionErrorText(failure, intl)}${triesLeft ? `. ${triesLeft}` : ''}`);
          setCode('');
          codeInput.current?.focus();
        },
      },
    );
  };

  return (
    <>
      <RedeemedConfirmation redeemed={redeemed} onClose={() => setRedeemed(null)} />
      <SavedOfflineConfirmation saved={savedOffline} onClose={() => setSavedOffline(null)} />
      <Modal
        opened={opened}
        onClose={close}
        title={intl.formatMessage({ id: 'redeemDialog.title', defaultMessage: 'Redeem Coupon' })}
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              {intl.formatMessage(
                {
                  id: 'redeemDialog.askCashier',
                  defaultMessage:
                    'Ask the cashier at <b>{shop}</b> for the 4-digit code to use your {value} coupon.',
                },
                {
                  shop: coupon.business.name,
                  value: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }),
                  b: (chunks) => <strong>{chunks}</strong>,
                },
              )}
            </Text>
            <TextInput
              ref={codeInput}
              label={intl.formatMessage({
                id: 'redeemDialog.code',
                defaultMessage: 'Redemption Code',
              })}
              description={intl.formatMessage({
                id: 'redeemDialog.fourDigitsHint',
                defaultMessage: '4 digits',
              })}
              value={code}
              onChange={(event) =>
                setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))
              }
              error={error}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="one-time-code"
              maxLength={4}
              required
              withAsterisk={false}
              data-autofocus
              size="lg"
              styles={{ input: { letterSpacing: '0.5em', textAlign: 'center' } }}
            />
            <Stack gap={6}>
              <Text id={questionId} size="sm" fw={500}>
                {intl.formatMessage(
                  { id: 'redeemDialog.firstTime', defaultMessage: 'First time at {shop}?' },
                  { shop: coupon.business.name },
                )}{' '}
                <Text span c="dimmed" size="sm">
                  {intl.formatMessage({
                    id: 'redeemDialog.optional',
                    defaultMessage: '(optional)',
                  })}
                </Text>
              </Text>
              <Group gap="xs" role="group" aria-labelledby={questionId}>
                {[
                  {
                    answer: true,
                    label: intl.formatMessage({ id: 'redeemDialog.yes', defaultMessage: 'Yes' }),
                  },
                  {
                    answer: false,
                    label: intl.formatMessage({ id: 'redeemDialog.no', defaultMessage: 'No' }),
                  },
                ].map(({ answer, label }) => (
                  <Button
                    key={label}
                    size="xs"
                    variant={firstVisit === answer ? 'filled' : 'default'}
                    aria-pressed={firstVisit === answer}
                    onClick={() => setFirstVisit(firstVisit === answer ? undefined : answer)}
                  >
                    {label}
                  </Button>
                ))}
              </Group>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {intl.formatMessage({ id: 'redeemDialog.cancel', defaultMessage: 'Cancel' })}
              </Button>
              <Button type="submit" loading={redeem.isPending}>
                {intl.formatMessage({ id: 'redeemDialog.redeem', defaultMessage: 'Redeem' })}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
