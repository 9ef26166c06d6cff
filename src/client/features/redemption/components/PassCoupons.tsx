import '@mantine/core/styles/SimpleGrid.css';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PassStop } from '#client/lib/member-progress.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { offlineMessages, useOnline } from '#client/lib/offline.ts';
import { CouponCard, type CouponMoment } from './CouponCard.tsx';
import { HowToRedeem } from './HowToRedeem.tsx';

/**
 * The 'Your Pass' tab: one coupon card per participating shop. Offline, the one sentence saying
 * that a code redeemed now is saved until the network is back stands above the cards, not on each.
 */
export function PassCoupons({ coupons, moment }: { coupons: PassStop[]; moment: CouponMoment }) {
  const intl = useMessages();
  const online = useOnline();
  const toRedeem = moment === 'redeemable' && coupons.some((coupon) => !coupon.redeemed);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {intl.formatMessage({ id: 'passCoupons.title', defaultMessage: 'Your Coupons' })}
        </Title>
        {moment !== 'ended' && <HowToRedeem />}
      </Group>
      {!online && toRedeem && (
        <Text fw={600}>{intl.formatMessage(offlineMessages.redeemSaved)}</Text>
      )}
      {coupons.length === 0 ? (
        <Text>
          {intl.formatMessage({
            id: 'passCoupons.none',
            defaultMessage: 'No shops are part of this challenge yet.',
          })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {coupons.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} moment={moment} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
