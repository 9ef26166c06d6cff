import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { CouponState } from '#shared/progress.ts';
import type { SavedRedemption } from '../offline-redemptions.ts';
import { SAVED_OFFLINE_BADGE, savedAtText } from '../saved-offline.ts';

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
  if (saved && !coupon.redeemed) {
    return (
      <Stack gap={2}>
        <Badge color="orange.9" variant="outline">
          {SAVED_OFFLINE_BADGE}
        </Badge>
        <Text size="sm" c="dimmed">
          {savedAtText(saved.enteredAt)}
        </Text>
      </Stack>
    );
  }
  if (coupon.offlineRefusal && !coupon.redeemed) {
    return (
      <Text size="sm" fw={600} c="red.9" role="status">
        Not counted ({savedAtText(coupon.offlineRefusal.enteredAt).toLowerCase()} offline):{' '}
        {coupon.offlineRefusal.message}
      </Text>
    );
  }
  return null;
}
