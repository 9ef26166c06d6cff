import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { shopTime } from '#shared/date-range.ts';
import { formatMoney } from '#shared/money.ts';
import type { Payout, Settlement } from '#shared/shop-side.ts';
import { PHONE_TABLE_MIN_WIDTH } from '#client/lib/layout.ts';

/** The payouts recorded for a challenge's shops, newest first. */
export function PayoutsTable({
  payouts,
  settlement,
  timeZone,
}: {
  payouts: Payout[];
  settlement: Settlement;
  timeZone: string;
}) {
  if (payouts.length === 0) return <Text c="dimmed">No payouts recorded yet.</Text>;
  const names = new Map(settlement.shops.map((shop) => [shop.shopId, shop.name]));
  return (
    <Table.ScrollContainer minWidth={PHONE_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Paid</Table.Th>
            <Table.Th scope="col">Shop</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Note
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{shopTime(payout.paidAt, timeZone, true)}</Table.Td>
              <Table.Td>{names.get(payout.shopId) ?? `Shop #${payout.shopId}`}</Table.Td>
              <Table.Td ta="right">{formatMoney(payout.amountDollars)}</Table.Td>
              <Table.Td visibleFrom="sm">{payout.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
