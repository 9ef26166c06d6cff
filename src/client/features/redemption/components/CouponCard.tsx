import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useDialog } from '#client/lib/use-dialog.ts';
import { COUPON_VALUE_DOLLARS } from '#shared/constants.ts';
import type { PassStop } from '#client/lib/member-progress.ts';
import { CouponDetailsDialog } from './CouponDetailsDialog.tsx';
import { RedeemCouponDialog } from './RedeemCouponDialog.tsx';
import { shopPausedMessage } from '../shop-paused.ts';
import { useSavedRedemption } from '../offline-redemptions.ts';
import { OfflineRedemptionNote } from './OfflineRedemptionNote.tsx';
import { formatMoney } from '#shared/money.ts';
import { useMessages } from '#client/i18n/language.tsx';

const FALLBACK_IMAGE = '/images/shop-fallback.svg';

/** Where the pass stands: coupons redeem only while the battle runs and the pass is active. */
export type CouponMoment = 'redeemable' | 'not-yet' | 'ended';

/**
 * One shop's coupon on 'Your Pass': Available or Redeemed, with Redeem Coupon and View Details.
 * After the end an unused coupon reads 'Not used', greyed, and a paused shop's coupon says so:
 * neither offers Redeem (the server would refuse it, docs/RULES.md rule 3). Offline Redeem saves
 * the code on the phone (docs/decisions/0042): the card then says it is saved and not yet counted,
 * and, if the server refused it at sync, why.
 */
export function CouponCard({ coupon, moment }: { coupon: PassStop; moment: CouponMoment }) {
  const intl = useMessages();
  const titleId = useId();
  const redeemDialog = useDialog();
  const detailsDialog = useDialog();
  const saved = useSavedRedemption(coupon.id);
  const { business } = coupon;
  const unused = moment === 'ended' && !coupon.redeemed && !saved;
  const offersRedeem = moment === 'redeemable' && !coupon.redeemed && !business.paused && !saved;
  return (
    <Card
      component="article"
      className="lb-drawn-when-near"
      aria-labelledby={titleId}
      withBorder
      padding="md"
      bg={unused ? 'gray.0' : undefined}
    >
      <Card.Section>
        <Image
          src={business.imageUrl ?? FALLBACK_IMAGE}
          fallbackSrc={FALLBACK_IMAGE}
          h={120}
          alt=""
          style={unused ? { filter: 'grayscale(1)', opacity: 0.6 } : undefined}
        />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Title order={3} size="h4" id={titleId} c={unused ? 'dimmed' : undefined}>
          {business.name}
        </Title>
        <Text size="sm" c="dimmed">
          {business.address}
        </Text>
        <Group gap="xs">
          <Badge variant="outline">
            {intl.formatMessage(
              { id: 'coupon.value', defaultMessage: '{value} Coupon' },
              { value: formatMoney(COUPON_VALUE_DOLLARS, { locale: intl.locale }) },
            )}
          </Badge>
          <Badge
            color={coupon.redeemed || unused ? 'gray.7' : 'green'}
            variant={unused ? 'outline' : 'filled'}
          >
            {coupon.redeemed
              ? intl.formatMessage({ id: 'coupon.redeemed', defaultMessage: 'Redeemed' })
              : unused
                ? intl.formatMessage({ id: 'coupon.notUsed', defaultMessage: 'Not used' })
                : intl.formatMessage({ id: 'coupon.available', defaultMessage: 'Available' })}
          </Badge>
        </Group>
        <OfflineRedemptionNote coupon={coupon} saved={saved} />
        {!coupon.redeemed && !unused && business.paused && (
          <Text size="sm" fw={600} c="orange.9">
            {intl.formatMessage(shopPausedMessage)}
          </Text>
        )}
        <Group gap="xs" grow>
          {offersRedeem && (
            <Button onClick={redeemDialog.open}>
              {intl.formatMessage({ id: 'coupon.redeemCoupon', defaultMessage: 'Redeem Coupon' })}
            </Button>
          )}
          <Button variant="default" onClick={detailsDialog.open}>
            {intl.formatMessage({ id: 'coupon.viewDetails', defaultMessage: 'View Details' })}
          </Button>
        </Group>
      </Stack>
      {/* Kept once redeemed: it shows the confirmation of the redemption it made. */}
      {redeemDialog.mounted && (
        <RedeemCouponDialog
          coupon={coupon}
          opened={redeemDialog.opened && !coupon.redeemed}
          onClose={redeemDialog.close}
        />
      )}
      {detailsDialog.mounted && (
        <CouponDetailsDialog
          couponId={coupon.id}
          held={business}
          opened={detailsDialog.opened}
          onClose={detailsDialog.close}
        />
      )}
    </Card>
  );
}
