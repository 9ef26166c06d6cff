import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PublicBusiness } from '#shared/businesses.ts';
import { paths } from '#shared/paths.ts';
import { Spinner } from '#client/components/PageLoader.tsx';
import { isApiError } from '#client/lib/api.ts';
import { offlineMessages } from '#client/lib/offline.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { shownHours } from '#shared/hours.ts';
import { useCouponBusiness } from '../api/get-coupon-business.ts';

/**
 * 'View Details': the shop behind a coupon, read through GET /api/businesses/coupon/{id}. When
 * that cannot reach the server (offline, docs/decisions/0027), the shop as the pass already holds
 * it (the public shops answer kept for offline reading) stands in, with a note saying so.
 */
export function CouponDetailsDialog({
  couponId,
  held,
  opened,
  onClose,
}: {
  couponId: number;
  /** The coupon's shop from the shops answer the pass page holds. */
  held: PublicBusiness;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useMessages();
  const { data, isPending, isError, error } = useCouponBusiness(couponId, opened);
  // A refusal from the server (404) is the server's word; a request that never reached it is not.
  const unreachable = isError && !isApiError(error);
  const shop = data ?? (unreachable ? held : undefined);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shop?.name ?? intl.formatMessage({ id: 'couponDetails.shop', defaultMessage: 'Shop' })}
      centered
    >
      {shop ? (
        <Stack gap="xs">
          {unreachable && (
            <Text size="sm" fw={600}>
              {intl.formatMessage(offlineMessages.heldShop)}
            </Text>
          )}
          <Text>{shop.description}</Text>
          <Text size="sm">{shop.address}</Text>
          {shop.phone && (
            <Anchor href={`tel:${shop.phone}`} size="sm">
              {shop.phone}
            </Anchor>
          )}
          <Text size="sm" fw={600} mt={4}>
            {intl.formatMessage({ id: 'couponDetails.hours', defaultMessage: 'Hours' })}
          </Text>
          {shownHours(shop.hours, shop.hoursLabels, intl).map(([label, range], index) => (
            <Text key={index} size="sm">
              {label}: {range}
            </Text>
          ))}
          {shop.specialties && (
            <Text size="sm">
              {intl.formatMessage(
                { id: 'couponDetails.specialties', defaultMessage: 'Specialties: {specialties}' },
                { specialties: shop.specialties },
              )}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage({ id: 'couponDetails.close', defaultMessage: 'Close' })}
            </Button>
            <Button component={Link} to={paths.business(shop.id)}>
              {intl.formatMessage({
                id: 'couponDetails.openShop',
                defaultMessage: 'Open shop page',
              })}
            </Button>
          </Group>
        </Stack>
      ) : isError ? (
        <Text>
          {intl.formatMessage({
            id: 'couponDetails.loadFailed',
            defaultMessage: 'Could not fetch business details for this coupon.',
          })}
        </Text>
      ) : isPending ? (
        <Spinner
          label={intl.formatMessage({
            id: 'couponDetails.loading',
            defaultMessage: 'Loading shop details...',
          })}
        />
      ) : null}
    </Modal>
  );
}
