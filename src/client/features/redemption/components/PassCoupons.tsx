import '@mantine/core/styles/SimpleGrid.css';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PassStop } from '#client/lib/member-progress.ts';
import { CouponCard } from './CouponCard.tsx';
import { HowToRedeem } from './HowToRedeem.tsx';

/** The 'Your Pass' tab: one coupon card per participating shop. */
export function PassCoupons({ coupons }: { coupons: PassStop[] }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Your Coupons
        </Title>
        <HowToRedeem />
      </Group>
      {coupons.length === 0 ? (
        <Text>No shops are part of this challenge yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {coupons.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
