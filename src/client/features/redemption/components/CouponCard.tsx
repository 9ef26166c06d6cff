import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { PassStop } from '#client/lib/member-progress.ts';
import { REDEEM_NEEDS_NETWORK, useOnline } from '#client/lib/offline.ts';
import { CouponDetailsDialog } from './CouponDetailsDialog.tsx';
import { RedeemCouponDialog } from './RedeemCouponDialog.tsx';
import { SHOP_PAUSED_TEXT } from '../shop-paused.ts';
import { formatMoney } from '#shared/money.ts';

const FALLBACK_IMAGE = '/images/shop-fallback.svg';

/** One shop's coupon on 'Your Pass': Available or Redeemed, with Redeem Coupon and View Details. */
export function CouponCard({ coupon }: { coupon: PassStop }) {
  const titleId = useId();
  const [redeemOpened, redeemDialog] = useDisclosure(false);
  const [detailsOpened, detailsDialog] = useDisclosure(false);
  const online = useOnline();
  const { business } = coupon;
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="md">
      <Card.Section>
        <Image
          src={business.imageUrl ?? FALLBACK_IMAGE}
          fallbackSrc={FALLBACK_IMAGE}
          h={120}
          alt=""
        />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Title order={3} size="h4" id={titleId}>
          {business.name}
        </Title>
        <Text size="sm" c="dimmed">
          {business.address}
        </Text>
        <Group gap="xs">
          <Badge variant="outline">{formatMoney(COUPON_VALUE_DOLLARS)} Coupon</Badge>
          <Badge color={coupon.redeemed ? 'gray.7' : 'green'}>
            {coupon.redeemed ? 'Redeemed' : 'Available'}
          </Badge>
        </Group>
        {!coupon.redeemed && business.paused && (
          <Text size="sm" fw={600} c="orange.9">
            {SHOP_PAUSED_TEXT}
          </Text>
        )}
        {!coupon.redeemed && !online && (
          <Text size="sm" fw={600}>
            {REDEEM_NEEDS_NETWORK}
          </Text>
        )}
        <Group gap="xs" grow>
          {!coupon.redeemed && (
            <Button onClick={redeemDialog.open} disabled={business.paused || !online}>
              Redeem Coupon
            </Button>
          )}
          <Button variant="default" onClick={detailsDialog.open}>
            View Details
          </Button>
        </Group>
      </Stack>
      {/* Kept once redeemed: it shows the confirmation of the redemption it made. */}
      <RedeemCouponDialog
        coupon={coupon}
        opened={redeemOpened && online && !coupon.redeemed}
        onClose={redeemDialog.close}
      />
      <CouponDetailsDialog
        couponId={coupon.id}
        opened={detailsOpened}
        onClose={detailsDialog.close}
      />
    </Card>
  );
}
