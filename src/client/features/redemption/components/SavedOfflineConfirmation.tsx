import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { savedAtText, savedOfflineWords } from '../saved-offline.ts';

export interface SavedOffline {
  shopName: string;
  /** When the code was typed (ISO 8601). */
  enteredAt: string;
}

/**
 * docs/decisions/0042: what the phone shows after a code is typed without signal. Not the
 * redemption's screen (RedeemedConfirmation): no check mark, no teal, no moving bar, and it says
 * in words that the coupon is not redeemed yet, so a cashier never takes it for one.
 */
export function SavedOfflineConfirmation({
  saved,
  onClose,
}: {
  saved: SavedOffline | null;
  onClose: () => void;
}) {
  const intl = useMessages();
  return (
    <Modal
      opened={saved !== null}
      onClose={onClose}
      fullScreen
      title={intl.formatMessage({
        id: 'savedOffline.title',
        defaultMessage: 'Saved Offline: Not Yet Redeemed',
      })}
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
    >
      {saved && (
        <Stack align="center" justify="center" gap="lg" mih="70dvh" ta="center">
          <IconWifiOff size={96} color="var(--mantine-color-orange-9)" aria-hidden />
          <Text size="xl" fw={600}>
            {saved.shopName}
          </Text>
          <Text size="lg" fw={700} c="orange.9">
            {intl.formatMessage(savedOfflineWords.message)}
          </Text>
          <Text>
            {intl.formatMessage(
              {
                id: 'savedOffline.explanation',
                defaultMessage:
                  'Your {value} coupon is not redeemed yet. This phone has no signal; it sends the code as soon as it is back online, and the coupon then shows whether it counted.',
              },
              { value: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
            )}
          </Text>
          <Text c="dimmed">{savedAtText(intl, saved.enteredAt)}</Text>
          <Button size="lg" fullWidth onClick={onClose}>
            {intl.formatMessage({ id: 'savedOffline.done', defaultMessage: 'Done' })}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
