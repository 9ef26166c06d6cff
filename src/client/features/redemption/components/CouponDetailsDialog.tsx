import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Spinner } from '#client/components/PageLoader.tsx';
import { useCouponBusiness } from '../api/get-coupon-business.ts';

/** 'View Details': the shop behind a coupon, read through GET /api/businesses/coupon/{id}. */
export function CouponDetailsDialog({
  couponId,
  opened,
  onClose,
}: {
  couponId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { data: shop, isPending, isError } = useCouponBusiness(couponId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={shop?.name ?? 'Shop'} centered>
      {isError ? (
        <Text>Could not fetch business details for this coupon.</Text>
      ) : isPending || !shop ? (
        <Spinner label="Loading shop details..." />
      ) : (
        <Stack gap="xs">
          <Text>{shop.description}</Text>
          <Text size="sm">{shop.address}</Text>
          {shop.phone && (
            <Anchor href={`tel:${shop.phone}`} size="sm">
              {shop.phone}
            </Anchor>
          )}
          {shop.specialties && <Text size="sm">Specialties: {shop.specialties}</Text>}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component={Link} to={paths.business(shop.id)}>
              Open shop page
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
