import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Alert, Paper, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { CurrentCode, ShopPage } from '#shared/shop-side.ts';
import { formatMoney } from '#shared/money.ts';
import { usePauseShop } from '../api/pause-shop.ts';

/** The heading above the code, so staff know how long it holds. */
export function codeHeading(rotation: CurrentCode['rotation']): string {
  if (rotation === 'daily') return "Today's code";
  if (rotation === 'hourly') return "This hour's code";
  return 'Redemption code';
}

/** A time as the shop's clock shows it, in the challenge's time zone. */
export function shopTime(iso: string, timeZone: string, withDate = false): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
  }).format(new Date(iso));
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  const labelId = useId();
  return (
    <Paper component="section" aria-labelledby={labelId} withBorder p="md" radius="md">
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** A shop's private page: its code, what it has taken and is owed, its last redemptions. */
export function ShopPageView({ token, page }: { token: string; page: ShopPage }) {
  const pause = usePauseShop(token);
  const codeId = useId();
  const recentId = useId();
  const { currentCode, challenge } = page;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {page.shop.name}
        </Title>
        <Text c="dimmed">
          {challenge.title} · {page.shop.address}
        </Text>
      </Stack>

      {page.paused && (
        <Alert color="orange" variant="light" title="Temporarily not accepting coupons">
          Members cannot redeem here until you resume.
        </Alert>
      )}

      <Paper component="section" aria-labelledby={codeId} withBorder p="lg" radius="md" ta="center">
        <Title order={2} id={codeId} fz="lg">
          {codeHeading(currentCode.rotation)}
        </Title>
        <Text ff="monospace" fw={800} fz={64} lh={1.2} style={{ letterSpacing: '0.15em' }}>
          {currentCode.code}
        </Text>
        {currentCode.validUntil && (
          <Text size="sm" c="dimmed">
            Changes at{' '}
            {shopTime(currentCode.validUntil, challenge.timeZone, currentCode.rotation === 'daily')}
          </Text>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Redeemed today" value={page.redeemedToday} />
        <Figure label="Redeemed this challenge" value={page.redeemedTotal} />
        <Figure label="Amount owed" value={formatMoney(page.amountOwedDollars)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {formatMoney(page.couponValueDollars)} for each redeemed coupon
        {page.dailyCap !== null && `; at most ${page.dailyCap} coupons a day`}.
      </Text>

      <Switch
        size="md"
        label="Pause redemptions"
        description="While paused, members see that you are not accepting coupons."
        checked={page.paused}
        disabled={pause.isPending}
        onChange={(event) => pause.mutate(event.currentTarget.checked)}
      />

      <section aria-labelledby={recentId}>
        <Title order={2} id={recentId} fz="lg" mb="xs">
          Last redemptions
        </Title>
        {page.recentRedemptions.length === 0 ? (
          <Text c="dimmed">No coupons redeemed here yet.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Pass</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.recentRedemptions.map((redemption) => (
                <Table.Tr key={`${redemption.passNumber}-${redemption.redeemedAt}`}>
                  <Table.Td>{shopTime(redemption.redeemedAt, challenge.timeZone, true)}</Table.Td>
                  <Table.Td>Pass #{redemption.passNumber}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </Stack>
  );
}
