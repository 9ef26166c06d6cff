import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { CouponState } from '#shared/progress.ts';
import type { SavedRedemption } from '../offline-redemptions.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { savedAtText, savedOfflineWords } from '../saved-offline.ts';

/**
 * docs/decisions/0042 on a coupon: a code saved offline and not yet sent ('Saved offline, not yet
 * counted', with when it was typed), or the server's refusal of the last one sent, while the
 * coupon is still unused. Nothing when there is neither.
 */
export function OfflineRedemptionNote({
  coupon,
  saved,
}: {
  coupon: Pick<CouponState, 'redeemed' | 'offlineRefusal'>;
  saved: SavedRedemption | undefined;
}) {
  const intl = useMessages();
  if (saved && !coupon.redeemed) {
    return (
      <Stack gap={2}>
        <Badge color="orange.9" variant="outline">
          {intl.formatMessage(savedOfflineWords.badge)}
        </Badge>
        <Text size="sm" c="dimmed">
          {savedAtText(intl, saved.enteredAt)}
        </Text>
      </Stack>
    );
  }
  if (coupon.offlineRefusal && !coupon.redeemed) {
    return (
      <Text size="sm" fw={600} c="red.9" role="status">
        {intl.formatMessage(
          {
            id: 'savedOffline.notCounted',
            defaultMessage: 'Not counted ({typed} offline): {reason}',
          },
          {
            typed: savedAtText(intl, coupon.offlineRefusal.enteredAt).toLowerCase(),
            reason: coupon.offlineRefusal.message,
          },
        )}
      </Text>
    );
  }
  return null;
}
